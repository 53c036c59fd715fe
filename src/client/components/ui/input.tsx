import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { FIELD_CLASS } from './control-styles';

// ComponentProps (not ...HTMLAttributes) so a `ref` (react-hook-form's register) reaches the element.
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(FIELD_CLASS, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(FIELD_CLASS, 'min-h-28', className)} {...props} />;
}
