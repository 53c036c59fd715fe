import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { formatDay, formatNumber } from '../lib/format';

/** Contacts received per day over the last 30 days: bars, with a hidden table for screen readers. */
export function ContactsPerDayChart({
  days,
  timeZone,
}: {
  days: readonly { date: string; count: number }[];
  /** The company's zone, whose days these are. */
  timeZone: string;
}) {
  const busiest = Math.max(0, ...days.map((d) => d.count));
  // Never divide by 0 on an empty month.
  const max = Math.max(1, busiest);
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contacts per Day</CardTitle>
        <CardDescription>
          Last 30 days:{' '}
          <span className="font-semibold tabular-nums text-slate-900">{formatNumber(total)}</span>{' '}
          contacts received (days in {timeZone.replaceAll('_', ' ')})
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* The scale: the tallest bar is the busiest day. */}
        <p className="mb-1 text-xs tabular-nums text-slate-500" aria-hidden>
          Busiest day: {formatNumber(busiest)}
        </p>
        <div
          className="flex h-40 items-end gap-[3px] border-b border-slate-200"
          aria-hidden
          data-testid="per-day-chart"
        >
          {days.map((d) => (
            <div
              key={d.date}
              className="group relative flex h-full flex-1 items-end"
              title={`${formatDay(d.date)}: ${d.count}`}
            >
              <div
                className="w-full rounded-t bg-primary/80 group-hover:bg-primary"
                style={{
                  height: d.count === 0 ? '2px' : `${Math.max(4, (d.count / max) * 100)}%`,
                  opacity: d.count === 0 ? 0.25 : 1,
                }}
              />
            </div>
          ))}
        </div>
        <div className="mt-2 flex justify-between text-xs tabular-nums text-slate-500" aria-hidden>
          <span>{first ? formatDay(first.date) : ''}</span>
          <span>{last ? formatDay(last.date) : ''}</span>
        </div>
        {/* A table ignores sr-only's 1px height, so its rows would lengthen the page: wrap it. */}
        <div className="sr-only">
          <table>
            <caption>Contacts received per day, last 30 days</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Contacts</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.date}>
                  <td>{formatDay(d.date)}</td>
                  <td>{d.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}
