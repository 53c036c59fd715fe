// GET /analytics/funnel: visitors → website leads → booked calls → customers, per source,
// campaign or landing page of the first touch, with the rate of each step.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TFunnel, TFunnelFigures, TFunnelQuery } from '../../shared/web-analytics.schema';
import { leadsByEntry, visitorsByEntry } from './funnel.sql';

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
  const [visits, leads] = await Promise.all([
    visitorsByEntry(em, from, to, groupBy),
    leadsByEntry(em, from, to, groupBy),
  ]);
  const keys = new Map<string, Counts>();
  const row = (key: string) => keys.get(key) ?? keys.set(key, none()).get(key)!;
  for (const v of visits) row(v.key).visitors += Number(v.visitors);
  for (const l of leads) {
    const r = row(l.key);
    r.leads += Number(l.leads);
    r.bookedCalls += Number(l.booked);
    r.customers += Number(l.customers);
    r.bookedCustomers += Number(l.bookedCustomers);
  }
  const rows = [...keys.entries()]
    .map(([key, counts]) => ({ key, ...figures(counts) }))
    .sort((a, b) => b.visitors - a.visitors || b.leads - a.leads || a.key.localeCompare(b.key));
  const totals = none();
  for (const counts of keys.values())
    for (const field of Object.keys(totals) as (keyof Counts)[]) totals[field] += counts[field];
  return { rows, totals: figures(totals) };
}
