import type { EntityManager } from '@mikro-orm/postgresql';

/** New contacts per UTC day over the last `days` days, oldest first, days without any as 0. */
export async function contactsPerDay(
  em: EntityManager,
  days: number,
): Promise<{ date: string; count: number }[]> {
  // Plain `date`s turned into UTC instants explicitly, so the session's TimeZone setting never shifts a day.
  const rows = await em.execute<{ day: string; count: string }[]>(
    `select to_char(d.day, 'YYYY-MM-DD') as day, count(c.id) as count
       from (select (now() at time zone 'utc')::date - g as day from generate_series(0, ?::int - 1) as g) as d
       left join contacts c
         on c.created_at >= d.day::timestamp at time zone 'utc' and c.created_at < (d.day + 1)::timestamp at time zone 'utc'
      group by d.day order by d.day`,
    [days],
  );
  return rows.map((r) => ({ date: r.day, count: Number(r.count) }));
}
