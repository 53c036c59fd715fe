import { Timer } from 'lucide-react';
import { ANALYTICS_PERIODS, type TAnalyticsSummary } from '../../../shared/analytics.schema';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { FilterSelect } from '../components/filter-select';
import { formatNumber } from '../lib/format';

const PERIOD_OPTIONS = ANALYTICS_PERIODS.map((d) => ({
  value: String(d),
  label: `Last ${d} days`,
}));

export const minutesText = (m: number | null) =>
  m === null
    ? '-'
    : m < 60
      ? `${formatNumber(m)} min`
      : `${formatNumber(Math.round(m / 6) / 10)} h`;

export function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-4" data-testid={testId}>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * How fast leads were answered (first status change away from New), where they came from and
 * whether their emails went out, for the period; the period can be changed when `onDaysChange`
 * is given.
 */
export function SpeedToLeadPanel({
  data,
  onDaysChange,
}: {
  data: Pick<TAnalyticsSummary, 'days' | 'speedToLead' | 'leadsBySource' | 'emailDeliveries'>;
  onDaysChange?: (days: number) => void;
}) {
  const { speedToLead: s, leadsBySource, emailDeliveries: mail } = data;
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle className="flex items-center gap-2">
            <Timer className="size-5 text-primary" aria-hidden /> Speed to Lead
          </CardTitle>
          <CardDescription>
            {s.sample > 0
              ? `Time to first answer, from ${formatNumber(s.sample)} answered leads in the last ${data.days} days`
              : `No leads answered in the last ${data.days} days yet`}
          </CardDescription>
        </div>
        {onDaysChange && (
          <FilterSelect
            label="Period"
            value={String(data.days)}
            onChange={(v) => onDaysChange(Number(v))}
            options={PERIOD_OPTIONS}
          />
        )}
      </CardHeader>
      <CardContent className="space-y-6">
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
          <Figure label="Median" value={minutesText(s.medianMinutes)} testId="speed-median" />
          <Figure label="90th percentile" value={minutesText(s.p90Minutes)} testId="speed-p90" />
          <Figure
            label="Within 5 minutes"
            value={s.sample ? `${s.within5MinutesPct}%` : '-'}
            testId="speed-5min"
          />
          <Figure
            label="Within 1 business hour"
            value={s.sample ? `${s.within1BusinessHourPct}%` : '-'}
            testId="speed-1h"
          />
        </dl>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <section aria-labelledby="leads-by-source">
            <h3 id="leads-by-source" className="mb-2 text-sm font-semibold text-slate-900">
              Leads by source
            </h3>
            {leadsBySource.length === 0 ? (
              <p className="text-sm text-slate-600">No leads in this period</p>
            ) : (
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-left text-xs uppercase tracking-wide text-slate-500">
                    <th className="py-1 font-medium">Source</th>
                    <th className="py-1 font-medium">UTM campaign</th>
                    <th className="py-1 text-right font-medium">Leads</th>
                  </tr>
                </thead>
                <tbody>
                  {leadsBySource.slice(0, 8).map((row) => (
                    <tr
                      key={`${row.source}/${row.utmCampaign ?? ''}`}
                      className="border-t border-slate-100"
                    >
                      <td className="py-1.5 text-slate-900">{row.source}</td>
                      <td className="break-all py-1.5 text-slate-700">{row.utmCampaign ?? '-'}</td>
                      <td className="py-1.5 text-right tabular-nums text-slate-900">
                        {formatNumber(row.count)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section aria-labelledby="lead-emails">
            <h3 id="lead-emails" className="mb-2 text-sm font-semibold text-slate-900">
              Lead emails
            </h3>
            <dl className="grid grid-cols-2 gap-3 text-sm" data-testid="lead-emails">
              <div className="rounded-lg border border-slate-200 p-3">
                <dt className="text-slate-600">New-lead alerts</dt>
                <dd className="mt-1 text-slate-900">
                  <span className="font-semibold">{formatNumber(mail.alerts.sent)}</span> sent ·{' '}
                  <span className={mail.alerts.failed ? 'font-semibold text-red-700' : undefined}>
                    {formatNumber(mail.alerts.failed)} failed
                  </span>
                </dd>
              </div>
              <div className="rounded-lg border border-slate-200 p-3">
                <dt className="text-slate-600">Auto-replies</dt>
                <dd className="mt-1 text-slate-900">
                  <span className="font-semibold">{formatNumber(mail.autoReplies.sent)}</span> sent
                  ·{' '}
                  <span
                    className={mail.autoReplies.failed ? 'font-semibold text-red-700' : undefined}
                  >
                    {formatNumber(mail.autoReplies.failed)} failed
                  </span>
                </dd>
              </div>
            </dl>
          </section>
        </div>
      </CardContent>
    </Card>
  );
}
