// GET /analytics/funnel: visitors → website leads → booked calls → customers, per source,
// campaign or landing page of the first touch, with the rate of each step.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TFunnel, TFunnelFigures, TFunnelQuery } from '../../shared/web-analytics.schema';
import { funnelRows, type FunnelCounts } from './funnel.sql';

const rate = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;

/** Counts of one row (or the totals) of the funnel. */
interface Counts {
  visitors: number;
  leads: number;
  bookedCalls: number;
  customers: number;
  /** Leads that booked a call and are customers: what the call-to-customer rate counts. */
  bookedCustomers: number;
}

function figures({ bookedCustomers, ...counts }: Counts) {
  return {
    ...counts,
    // A lead whose visit sent no page view (scripts off, sent by an API client) has no visitor:
    // leads can outnumber visitors, and the share of visitors who became leads is then all.
    visitToLead: counts.visitors > 0 ? Math.min(1, rate(counts.leads, counts.visitors)!) : null,
    leadToCall: rate(counts.bookedCalls, counts.leads),
    // Of the leads who booked a call, those who became customers (a customer may never have
    // booked one: counted among customers, not in this rate).
    callToCustomer: rate(bookedCustomers, counts.bookedCalls),
  } satisfies TFunnelFigures;
}

const none = (): Counts => ({
  visitors: 0,
  leads: 0,
  bookedCalls: 0,
  customers: 0,
  bookedCustomers: 0,
});

export async function funnel(
  em: EntityManager,
  { from, to, groupBy }: TFunnelQuery,
): Promise<TFunnel> {
  const counted = await funnelRows(em, from, to, groupBy);
  const countsOf = (row: FunnelCounts): Counts => ({
    visitors: Number(row.visitors),
    leads: Number(row.leads),
    bookedCalls: Number(row.booked),
    customers: Number(row.customers),
    bookedCustomers: Number(row.bookedCustomers),
  });
  const rows = counted
    .filter((row): row is FunnelCounts & { key: string } => row.key !== null)
    .map((row) => ({ key: row.key, ...figures(countsOf(row)) }))
    .sort((a, b) => b.visitors - a.visitors || b.leads - a.leads || a.key.localeCompare(b.key));
  const rest = counted.find((row) => row.key === null);
  const totals = none();
  for (const row of counted) {
    const counts = countsOf(row);
    for (const field of Object.keys(totals) as (keyof Counts)[]) totals[field] += counts[field];
  }
  return {
    rows,
    other: rest ? { keys: Number(rest.keys), ...figures(countsOf(rest)) } : null,
    totals: figures(totals),
  };
}
