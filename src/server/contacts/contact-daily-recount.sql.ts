import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { runSql } from '../db/typed-sql';

/**
 * Recounts the daily roll-up (contact-daily.entity.ts) in the company's time zone, in the caller's
 * transaction, after the zone changed. Contacts are locked against writes meanwhile, so no lead
 * is counted in the old zone or twice; at a million contacts this takes about a second, once per
 * change of zone.
 */
export async function recountContactDaily(em: EntityManager): Promise<void> {
  await runSql(em, sql`lock table contacts in share mode`);
  await runSql(em, sql`delete from contact_daily_deltas`);
  await runSql(
    em,
    sql`insert into contact_daily_deltas (day, source, utm_campaign, delta)
        select (created_at at time zone (select time_zone from organization_settings where id = 1))::date, source, utm_campaign, count(*)
          from contacts group by 1, 2, 3`,
  );
}
