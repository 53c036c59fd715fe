import { cva, type VariantProps } from 'class-variance-authority';
import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** Pill badge. Tones carry meaning only together with the word inside (never colour alone). */
export const badgeVariants = cva(
  'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold tabular-nums',
  {
    variants: {
      tone: {
        gray: 'border-slate-200 bg-slate-100 text-slate-700',
        blue: 'border-blue-200 bg-blue-50 text-blue-800',
        yellow: 'border-amber-200 bg-amber-50 text-amber-800',
        green: 'border-emerald-200 bg-emerald-50 text-emerald-800',
        purple: 'border-purple-200 bg-purple-50 text-purple-800',
        red: 'border-red-200 bg-red-50 text-red-800',
        indigo: 'border-indigo-200 bg-indigo-50 text-indigo-800',
      },
    },
    defaultVariants: { tone: 'gray' },
  },
);

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

export interface BadgeProps
  extends HTMLAttributes<HTMLSpanElement>, VariantProps<typeof badgeVariants> {}

export function Badge({ className, tone, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
