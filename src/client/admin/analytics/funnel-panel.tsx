import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  FUNNEL_GROUPS,
  type TFunnel,
  type TFunnelFigures,
  type TFunnelGroup,
} from '../../../shared/web-analytics.schema';
import { utcDays } from '../../../shared/report-period';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { OptionSelect } from '../components/option-select';
import { Label } from '../../components/ui/label';
import { optionsOf } from '../components/filter-options';
import { trpc } from '../../lib/trpc';
import { InlineLoadError, LoadingState } from '../components/page-states';
import { formatNumber } from '../lib/format';
import { Link } from 'wouter';
import { contactsLinkFor } from '../contacts/origin-filter';

const GROUP_LABELS: Record<TFunnelGroup, string> = {
  source: 'Source',
  campaign: 'Campaign',
  landingPage: 'Landing page',
};
const STEPS = [
  ['visitors', 'Visitors'],
  ['leads', 'Leads'],
  ['bookedCalls', 'Booked calls'],
  ['customers', 'Customers'],
] as const;

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

type Step = (typeof STEPS)[number][0];

/** The contacts a step's figure counts, as the contacts list filters them (null: not contacts). */
function contactsOf(
  step: Step,
  period: { from: string; to: string },
  firstTouch?: string,
): string | null {
  if (step === 'visitors') return null;
  return contactsLinkFor({
    source: 'website',
    createdFrom: period.from,
    createdTo: period.to,
    firstTouch,
    booked: step === 'bookedCalls' ? 'true' : undefined,
    status: step === 'customers' ? 'converted' : undefined,
  });
}

/** A figure, linked to the contacts it counts when there are any. */
function Figure({ value, href, label }: { value: number; href: string | null; label: string }) {
  if (!href || value === 0) return <>{formatNumber(value)}</>;
  return (
    <Link
      href={href}
      className="text-primary underline-offset-2 hover:underline"
      aria-label={`Show in Contacts: ${label}, ${formatNumber(value)}`}
    >
      {formatNumber(value)}
    </Link>
  );
}

/** The four steps as bars, each as wide as its share of the visitors. */
function FunnelBars({
  totals,
  period,
}: {
  totals: TFunnelFigures;
  period: { from: string; to: string };
}) {
  const top = Math.max(1, totals.visitors);
  const rates = [null, totals.visitToLead, totals.leadToCall, totals.callToCustomer];
  return (
    <ol className="space-y-2" data-testid="funnel-bars">
      {STEPS.map(([key, label], i) => (
        <li key={key}>
          <div className="flex justify-between text-sm">
            <span className="font-medium text-slate-800">{label}</span>
            <span className="tabular-nums text-slate-900">
              <Figure
                value={totals[key]}
                href={contactsOf(key, period)}
                label={label.toLowerCase()}
              />
              {i > 0 && (
                <span className="text-slate-500"> · {percent(rates[i]!)} of the step before</span>
              )}
            </span>
          </div>
          <div className="mt-1 h-2 rounded-full bg-slate-100">
            <div
              className="h-2 rounded-full bg-primary"
              style={{ width: `${Math.max(totals[key] ? 1 : 0, (totals[key] / top) * 100)}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** How many rows the table shows; the rest and what the server summed form one "Other" row. */
const SHOWN_ROWS = 20;

/** The rows past SHOWN_ROWS and the server's `other`, summed; null when there are none. */
function otherRow({ rows, other }: TFunnel) {
  const parts = [
    ...rows.slice(SHOWN_ROWS).map((r) => ({ ...r, keys: 1 })),
    ...(other ? [other] : []),
  ];
  if (!parts.length) return null;
  const sum = (field: 'keys' | Step) => parts.reduce((n, p) => n + p[field], 0);
  const visitors = sum('visitors');
  const leads = sum('leads');
  return {
    keys: sum('keys'),
    visitors,
    leads,
    bookedCalls: sum('bookedCalls'),
    customers: sum('customers'),
    visitToLead: visitors > 0 ? Math.min(1, leads / visitors) : null,
  };
}

/**
 * From the first visit to the customer: visitors, website leads, booked calls and customers of
 * the period, by where visits and leads came from.
 */
export function FunnelPanel({ days }: { days: number }) {
  const [groupBy, setGroupBy] = useState<TFunnelGroup>('source');
  const selectId = useId();
  const period = utcDays(days);
  const query = trpc.analytics.funnel.useQuery(
    { ...period, groupBy },
    { placeholderData: keepPreviousData },
  );
  const data = query.data;
  const rest = data && otherRow(data);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Visit to Customer</CardTitle>
          <CardDescription>
            Last {days} days (UTC): visitors, the website leads they became, their booked calls and
            customers, by first touch.
          </CardDescription>
        </div>
        <div className="w-44">
          <Label htmlFor={selectId}>Group by</Label>
          <OptionSelect
            id={selectId}
            value={groupBy}
            onChange={setGroupBy}
            options={optionsOf(FUNNEL_GROUPS, (g) => GROUP_LABELS[g])}
          />
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        {query.isError ? (
          <InlineLoadError what="The funnel" message={query.error.message} />
        ) : !data ? (
          <LoadingState text="Loading the funnel..." />
        ) : (
          <>
            <FunnelBars totals={data.totals} period={period} />
            {/* Wider than a phone: it scrolls, and so takes the keyboard focus to be scrolled. */}
            <div
              className="overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-primary"
              tabIndex={0}
              role="region"
              aria-label={`Funnel by ${GROUP_LABELS[groupBy].toLowerCase()}`}
            >
              <table className="w-full min-w-[36rem] text-left text-sm" data-testid="funnel-table">
                <caption className="sr-only">
                  Funnel by {GROUP_LABELS[groupBy].toLowerCase()}
                </caption>
                <thead>
                  <tr className="text-xs uppercase tracking-wide text-slate-500">
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {GROUP_LABELS[groupBy]}
                    </th>
                    {STEPS.map(([key, label]) => (
                      <th key={key} scope="col" className="py-2 pr-3 text-right font-medium">
                        {label}
                      </th>
                    ))}
                    <th scope="col" className="py-2 text-right font-medium">
                      Visit → lead
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.length === 0 && (
                    <tr>
                      <td colSpan={6} className="py-3 text-slate-600">
                        No visits or website leads in this period.
                      </td>
                    </tr>
                  )}
                  {data.rows.slice(0, SHOWN_ROWS).map((row) => (
                    <tr key={row.key} className="border-t border-slate-100">
                      <th
                        scope="row"
                        className="max-w-[14rem] truncate py-2 pr-3 font-medium text-slate-800"
                      >
                        {row.key}
                      </th>
                      {STEPS.map(([key, label]) => (
                        <td key={key} className="py-2 pr-3 text-right tabular-nums text-slate-900">
                          <Figure
                            value={row[key]}
                            href={contactsOf(key, period, `${groupBy}:${row.key}`)}
                            label={`${label.toLowerCase()} from ${row.key}`}
                          />
                        </td>
                      ))}
                      <td className="py-2 text-right tabular-nums text-slate-700">
                        {percent(row.visitToLead)}
                      </td>
                    </tr>
                  ))}
                  {rest && (
                    <tr
                      className="border-t border-slate-100 text-slate-600"
                      data-testid="funnel-other"
                    >
                      <th scope="row" className="py-2 pr-3 font-medium">
                        Other ({formatNumber(rest.keys)})
                      </th>
                      {STEPS.map(([key]) => (
                        <td key={key} className="py-2 pr-3 text-right tabular-nums">
                          {formatNumber(rest[key])}
                        </td>
                      ))}
                      <td className="py-2 text-right tabular-nums">{percent(rest.visitToLead)}</td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
