import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { formatDay, formatNumber } from '../lib/format';
import { DayBars } from './day-bars';

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
  const total = days.reduce((sum, d) => sum + d.count, 0);
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
        <DayBars
          testId="per-day-chart"
          bars={days.map((d) => ({
            date: d.date,
            value: d.count,
            title: `${formatDay(d.date)}: ${d.count}`,
          }))}
        />
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
