import { keepPreviousData } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { utcDays } from '../../../shared/report-period';
import type { TOtherKeys, TTraffic } from '../../../shared/web-analytics.schema';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { trpc } from '../../lib/trpc';
import { InlineLoadError, LoadingState } from '../components/page-states';
import { capitalize, formatDay, formatNumber } from '../lib/format';
import { DayBars } from './day-bars';

/** The last `days` UTC days (the page views' days), by day or, past a month, by week. */
function periodOf(days: number) {
  return { ...utcDays(days), interval: days > 31 ? 'week' : 'day' } as const;
}

function VisitorsChart({ series, interval }: Pick<TTraffic, 'series'> & { interval: string }) {
  return (
    <div>
      <DayBars
        testId="visitors-chart"
        bars={series.map((p) => ({
          date: p.date,
          value: p.visitors,
          title: `${formatDay(p.date)}: ${p.visitors} visitors, ${p.pageviews} page views`,
        }))}
      />
      <div className="sr-only">
        <table>
          <caption>Visitors and page views per {interval}</caption>
          <thead>
            <tr>
              <th scope="col">{capitalize(interval)} from</th>
              <th scope="col">Visitors</th>
              <th scope="col">Page views</th>
            </tr>
          </thead>
          <tbody>
            {series.map((p) => (
              <tr key={p.date}>
                <td>{formatDay(p.date)}</td>
                <td>{p.visitors}</td>
                <td>{p.pageviews}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** How many rows a top list shows; the rest are summed in its "Other" row. */
const SHOWN_ROWS = 8;

/**
 * A top list: a label, its visitors, and a bar for its share of the first; then one "Other" row
 * for the rows not shown and what the server summed (keys past its rows, or seen from too few
 * networks to be listed).
 */
function TopList({
  title,
  rows,
  other,
  empty,
}: {
  title: string;
  rows: { label: ReactNode; visitors: number; key: string }[];
  other?: TOtherKeys | null;
  empty: string;
}) {
  const hidden = rows.slice(SHOWN_ROWS);
  const rest = {
    keys: hidden.length + (other?.keys ?? 0),
    visitors: hidden.reduce((n, r) => n + r.visitors, 0) + (other?.visitors ?? 0),
  };
  const shown = [
    ...rows.slice(0, SHOWN_ROWS),
    ...(rest.keys
      ? [{ key: '\0other', label: `Other (${formatNumber(rest.keys)})`, visitors: rest.visitors }]
      : []),
  ];
  const top = Math.max(1, ...shown.map((r) => r.visitors));
  return (
    <section>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{title}</h3>
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="space-y-1.5">
          {shown.map((r) => (
            <li key={r.key} className="relative overflow-hidden rounded-md px-2 py-1 text-sm">
              <span
                className="absolute inset-y-0 left-0 bg-primary-50"
                style={{ width: `${(r.visitors / top) * 100}%` }}
                aria-hidden
              />
              <span className="relative flex justify-between gap-3">
                <span
                  className="truncate text-slate-800"
                  title={typeof r.label === 'string' ? r.label : undefined}
                >
                  {r.label}
                </span>
                <span className="tabular-nums font-medium text-slate-900">
                  {formatNumber(r.visitors)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-4" data-testid={testId}>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{formatNumber(value)}</dd>
    </div>
  );
}

/**
 * The website's own, cookie-less figures for the analytics period: visitors and page views over
 * time, who is on the site now, and the top pages, sources, campaigns and devices.
 */
export function WebsitePanel({ days }: { days: number }) {
  const period = periodOf(days);
  const traffic = trpc.analytics.traffic.useQuery(period, { placeholderData: keepPreviousData });
  const data = traffic.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Website</CardTitle>
        <CardDescription>
          Last {days} days (UTC), counted without cookies: a visitor is counted once a day, as
          Plausible does.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {traffic.isError ? (
          <InlineLoadError what="The website figures" message={traffic.error.message} />
        ) : !data ? (
          <LoadingState text="Loading the website figures..." />
        ) : (
          <>
            <dl className="grid grid-cols-3 gap-3">
              <Figure label="Visitors" value={data.totals.visitors} testId="website-visitors" />
              <Figure label="Page views" value={data.totals.pageviews} testId="website-pageviews" />
              <Figure label="On the site now" value={data.liveVisitors} testId="website-live" />
            </dl>
            <VisitorsChart series={data.series} interval={period.interval} />
            <div className="grid gap-6 md:grid-cols-2">
              <TopList
                title="Top pages"
                empty="No page views yet."
                rows={data.pages.map((p) => ({ key: p.path, label: p.path, visitors: p.visitors }))}
                other={data.other.pages}
              />
              <TopList
                title="Sources"
                empty="No referring sites yet."
                rows={data.referrers.map((r) => ({
                  key: r.host,
                  label: r.host,
                  visitors: r.visitors,
                }))}
                other={data.other.referrers}
              />
              <TopList
                title="Campaigns"
                empty="No visits from tagged links yet."
                rows={data.campaigns.map((c) => ({
                  key: `${c.source}/${c.medium}/${c.campaign}`,
                  label: [c.campaign, c.source, c.medium].filter(Boolean).join(' · '),
                  visitors: c.visitors,
                }))}
                other={data.other.campaigns}
              />
              <TopList
                title="Devices"
                empty="No page views yet."
                rows={data.devices.map((d) => ({
                  key: d.device,
                  label: capitalize(d.device),
                  visitors: d.visitors,
                }))}
              />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
