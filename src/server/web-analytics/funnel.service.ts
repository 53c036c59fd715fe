// GET /analytics/funnel: visitors → website leads → booked calls → customers, per source,
// campaign or landing page of the first touch, with the rate of each step.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TFunnel, TFunnelFigures, TFunnelQuery } from '../../shared/web-analytics.schema';
import { leadsByEntry, visitorsByEntry } from './funnel.sql';

const rate = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;

function figures(visitors: number, leads: number, bookedCalls: number, customers: number) {
  return {
    visitors,
    leads,
    bookedCalls,
    customers,
    visitToLead: rate(leads, visitors),
    leadToCall: rate(bookedCalls, leads),
    callToCustomer: rate(customers, bookedCalls),
  } satisfies TFunnelFigures;
}

export async function funnel(
  em: EntityManager,
  { from, to, groupBy }: TFunnelQuery,
): Promise<TFunnel> {
  const [visits, leads] = await Promise.all([
    visitorsByEntry(em, from, to, groupBy),
    leadsByEntry(em, from, to, groupBy),
  ]);
  const keys = new Map<string, [number, number, number, number]>();
  const row = (key: string) => keys.get(key) ?? keys.set(key, [0, 0, 0, 0]).get(key)!;
  for (const v of visits) row(v.key)[0] += Number(v.visitors);
  for (const l of leads) {
    const r = row(l.key);
    r[1] += Number(l.leads);
    r[2] += Number(l.booked);
    r[3] += Number(l.customers);
  }
  const rows = [...keys.entries()]
    .map(([key, [v, l, b, c]]) => ({ key, ...figures(v, l, b, c) }))
    .sort((a, b) => b.visitors - a.visitors || b.leads - a.leads || a.key.localeCompare(b.key));
  const sum = (i: number) => [...keys.values()].reduce((n, r) => n + r[i]!, 0);
  return { rows, totals: figures(sum(0), sum(1), sum(2), sum(3)) };
}
