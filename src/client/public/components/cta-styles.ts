import { clsx } from 'clsx';
import { BUTTON_BASE, BUTTON_SIZES, BUTTON_VARIANTS } from '../../components/ui/control-styles';

export { FIELD_CLASS } from '../../components/ui/control-styles';

export type CtaVariant = keyof typeof BUTTON_VARIANTS;

/** The button look for public pages, without button.tsx's tailwind-merge and Radix Slot. */
export function ctaClass(
  variant: CtaVariant = 'primary',
  size: keyof typeof BUTTON_SIZES = 'md',
  extra?: string,
): string {
  return clsx(BUTTON_BASE, BUTTON_VARIANTS[variant], BUTTON_SIZES[size], extra);
}
