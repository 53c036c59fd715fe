import { formatDay } from '../lib/format';

export interface DayBar {
  /** The day (or a week's or month's first day), YYYY-MM-DD. */
  date: string;
  value: number;
  /** What hovering the bar says. */
  title: string;
}

/**
 * One bar per day, as tall as its share of the tallest, with the first and last day under them.
 * Drawn for the eye only (aria-hidden): each chart gives screen readers its own table.
 */
export function DayBars({ bars, testId }: { bars: readonly DayBar[]; testId: string }) {
  // Never divide by 0 on an empty period.
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <>
      <div
        className="flex h-40 items-end gap-[3px] border-b border-slate-200"
        aria-hidden
        data-testid={testId}
      >
        {bars.map((b) => (
          <div key={b.date} className="group relative flex h-full flex-1 items-end" title={b.title}>
            <div
              className="w-full rounded-t bg-primary/80 group-hover:bg-primary"
              style={{
                height: b.value === 0 ? '2px' : `${Math.max(4, (b.value / max) * 100)}%`,
                opacity: b.value === 0 ? 0.25 : 1,
              }}
            />
          </div>
        ))}
      </div>
      <div className="mt-2 flex justify-between text-xs tabular-nums text-slate-500" aria-hidden>
        <span>{bars[0] ? formatDay(bars[0].date) : ''}</span>
        <span>{bars.at(-1) ? formatDay(bars.at(-1)!.date) : ''}</span>
      </div>
    </>
  );
}
