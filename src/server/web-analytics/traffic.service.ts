// GET /analytics/traffic: the site's visitors and page views over a period, from the roll-ups
// of closed days and the raw page views of the others.
import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays } from '../../shared/time-zone';
import type {
  TDevice,
  TOtherKeys,
  TTraffic,
  TTrafficQuery,
} from '../../shared/web-analytics.schema';
import { onOneSnapshot } from './page-view-rollups.sql';
import { dailyTotals, liveVisitors, topKeys } from './traffic.sql';

/** The first day of the bucket a day falls in: itself, its week's Monday, its month's first. */
function bucketOf(day: string, interval: TTrafficQuery['interval']): string {
  if (interval === 'month') return `${day.slice(0, 7)}-01`;
  if (interval === 'week') {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    return addDays(day, -weekday);
  }
  return day;
}

export async function traffic(
  em: EntityManager,
  { from, to, interval }: TTrafficQuery,
): Promise<TTraffic> {
  const [days, keys, live] = await onOneSnapshot(em, (tem, through) =>
    Promise.all([
      dailyTotals(tem, { from, to, through }),
      topKeys(tem, { from, to, through }),
      liveVisitors(tem),
    ]),
  );
  const byDay = new Map(days.map((d) => [d.day, d]));
  const series = new Map<string, { date: string; visitors: number; pageviews: number }>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const date = bucketOf(day, interval);
    const point = series.get(date) ?? { date, visitors: 0, pageviews: 0 };
    point.visitors += Number(byDay.get(day)?.visitors ?? 0);
    point.pageviews += Number(byDay.get(day)?.pageviews ?? 0);
    series.set(date, point);
  }
  const points = [...series.values()];
  const of = (kind: string) =>
    keys.filter((k): k is typeof k & { key1: string } => k.kind === kind && k.key1 !== null);
  const otherOf = (kind: string): TOtherKeys | null => {
    const rest = keys.find((k) => k.kind === kind && k.key1 === null);
    return rest
      ? {
          keys: Number(rest.keys),
          visitors: Number(rest.visitors),
          pageviews: Number(rest.pageviews),
        }
      : null;
  };
  const orNull = (v: string | null) => v || null;
  return {
    totals: {
      visitors: points.reduce((n, p) => n + p.visitors, 0),
      pageviews: points.reduce((n, p) => n + p.pageviews, 0),
    },
    series: points,
    pages: of('page').map((k) => ({
      path: k.key1,
      visitors: Number(k.visitors),
      pageviews: Number(k.pageviews),
    })),
    referrers: of('referrer').map((k) => ({ host: k.key1, visitors: Number(k.visitors) })),
    campaigns: of('campaign').map((k) => ({
      source: orNull(k.key1),
      medium: orNull(k.key2),
      campaign: orNull(k.key3),
      visitors: Number(k.visitors),
    })),
    devices: of('device').map((k) => ({ device: k.key1 as TDevice, visitors: Number(k.visitors) })),
    other: {
      pages: otherOf('page'),
      referrers: otherOf('referrer'),
      campaigns: otherOf('campaign'),
    },
    liveVisitors: live,
  };
}
