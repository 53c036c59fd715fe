import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import type { BadgeTone } from '../../components/ui/badge';
import { statusRows, type StatusCounts } from '../lib/analytics-math';
import { capitalize, formatNumber } from '../lib/format';
import { BAR_COLOURS } from '../lib/status-styles';

/** A status breakdown: each status with its count, whole percentage and a bar. */
export function BreakdownPanel({
  title,
  counts,
  known,
  tone,
  emptyText,
}: {
  title: string;
  counts: StatusCounts;
  known: readonly string[];
  tone: (status: string) => BadgeTone;
  emptyText: string;
}) {
  const rows = statusRows(counts, known);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">{emptyText}</p>
        ) : (
          <ul className="space-y-3" aria-label={title}>
            {rows.map((row) => (
              <li key={row.status} data-testid={`breakdown-${row.status}`}>
                <div className="flex items-center justify-between text-sm">
                  <span className="flex items-center gap-2 font-medium text-slate-800">
                    <span
                      className={`size-2.5 rounded-full ${BAR_COLOURS[tone(row.status)]}`}
                      aria-hidden
                    />
                    {capitalize(row.status)}
                  </span>
                  <span className="tabular-nums text-slate-600">
                    {formatNumber(row.count)}{' '}
                    <span className="text-slate-500">({row.percent}%)</span>
                  </span>
                </div>
                <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
                  <div
                    className={`h-full rounded-full ${BAR_COLOURS[tone(row.status)]}`}
                    style={{ width: `${row.percent}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
