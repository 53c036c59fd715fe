import type { Metric } from '../content/marketing.types';

/** Figure above label; a story card's are small, the featured story's large. */
const SIZES = {
  sm: {
    label: 'order-2 text-xs text-slate-600',
    value: 'text-base font-bold whitespace-nowrap text-primary',
  },
  lg: {
    label: 'order-2 text-sm text-slate-600',
    value: 'text-xl font-bold whitespace-nowrap text-primary sm:text-3xl',
  },
} as const;

/** A story's figures side by side, each value over its label. */
export function MetricRow({
  metrics,
  size,
  className,
}: {
  metrics: readonly Metric[];
  size: keyof typeof SIZES;
  className: string;
}) {
  return (
    <dl className={className}>
      {metrics.map((m) => (
        <div key={m.label} className="flex flex-col">
          <dt className={SIZES[size].label}>{m.label}</dt>
          <dd className={SIZES[size].value}>{m.value}</dd>
        </div>
      ))}
    </dl>
  );
}
