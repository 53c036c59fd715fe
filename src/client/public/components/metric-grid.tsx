import type { Metric } from '../content/marketing.types';
import { clsx } from 'clsx';

/** A row of big figures; `tone="dark"` for ink backgrounds. */
export function MetricGrid({
  metrics,
  tone = 'light',
}: {
  metrics: Metric[];
  tone?: 'light' | 'dark';
}) {
  const dark = tone === 'dark';
  return (
    <dl className="grid grid-cols-2 gap-6 lg:grid-cols-4">
      {metrics.map((m) => (
        <div
          key={m.label}
          className={clsx(
            'flex flex-col rounded-2xl border p-6 text-center',
            dark ? 'border-white/10 bg-white/5' : 'border-slate-200 bg-white shadow-sm',
          )}
        >
          <dt className={clsx('order-2 mt-1 text-sm', dark ? 'text-slate-300' : 'text-slate-600')}>
            {m.label}
          </dt>
          <dd
            className={clsx(
              '-order-1 text-3xl font-bold tracking-tight tabular-nums sm:text-4xl',
              dark ? 'text-accent' : 'text-primary',
            )}
          >
            {m.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
