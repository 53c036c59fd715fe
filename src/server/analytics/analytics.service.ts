import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAnalyticsSummary } from '../../shared/analytics.schema';

const DAYS = 30;

/** Every figure of the analytics screens in one round of SQL aggregates. */
export async function analyticsSummary(em: EntityManager): Promise<TAnalyticsSummary> {
  const conn = em.getConnection();
  const [totals, contactStatuses, campaignStatuses, perDay] = await Promise.all([
    conn.execute<{ contacts: string; users: string; inquiries: string; campaigns: string }[]>(
      `select (select count(*) from contacts) as contacts, (select count(*) from users) as users,
              (select count(*) from service_inquiries) as inquiries, (select count(*) from campaigns) as campaigns`,
    ),
    conn.execute<{ status: string; count: string }[]>(
      'select status, count(*) as count from contacts group by status',
    ),
    conn.execute<{ status: string; count: string }[]>(
      'select status, count(*) as count from campaigns group by status',
    ),
    // Plain `date`s turned into UTC instants explicitly, so the session's TimeZone setting never shifts a day.
    conn.execute<{ day: string; count: string }[]>(
      `select to_char(d.day, 'YYYY-MM-DD') as day, count(c.id) as count
         from (select (now() at time zone 'utc')::date - g as day from generate_series(0, ${DAYS - 1}) as g) as d
         left join contacts c
           on c.created_at >= d.day::timestamp at time zone 'utc' and c.created_at < (d.day + 1)::timestamp at time zone 'utc'
        group by d.day order by d.day`,
    ),
  ]);
  const t = totals[0]!;
  const toMap = (rows: { status: string; count: string }[]) =>
    Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
  return {
    totalContacts: Number(t.contacts),
    totalUsers: Number(t.users),
    totalServiceInquiries: Number(t.inquiries),
    totalCampaigns: Number(t.campaigns),
    contactsByStatus: toMap(contactStatuses),
    campaignsByStatus: toMap(campaignStatuses),
    contactsPerDay: perDay.map((r) => ({ date: r.day, count: Number(r.count) })),
  };
}
