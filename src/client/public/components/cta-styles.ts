import { clsx } from 'clsx';

/**
 * The look of components/ui/button.tsx (same classes as its cva variants) for public pages.
 * Public pages do not import button.tsx because its `cn` pulls in tailwind-merge and Radix Slot,
 * about 15 KB gzipped of the 90 KB initial-JS budget. Keep the two in step; ideally the variants
 * move to a cn-free module both can import.
 */
const BASE =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0';

const VARIANTS = {
  primary: 'bg-primary text-white hover:bg-primary-700',
  secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  inverse: 'border border-white/30 bg-white/10 text-white hover:bg-white/20',
} as const;

const SIZES = { md: 'h-10 px-4 text-sm', lg: 'h-12 px-6 text-base' } as const;

export type CtaVariant = keyof typeof VARIANTS;

export function ctaClass(
  variant: CtaVariant = 'primary',
  size: keyof typeof SIZES = 'md',
  extra?: string,
): string {
  return clsx(BASE, VARIANTS[variant], SIZES[size], extra);
}

/** Same look as components/ui/input.tsx fields (see the note above on why it is not imported). */
export const FIELD_CLASS =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary disabled:opacity-60 aria-[invalid=true]:border-red-600 sm:text-sm';
