import { Migration } from '@mikro-orm/migrations';

/**
 * The company's zone, read where a day is counted (a plain SQL function would be dropped by the
 * ORM's schema diff, which tracks functions that are not triggers').
 */
const COMPANY_TIME_ZONE = `coalesce((select time_zone from organization_settings where id = 1), 'UTC')`;

const dayIn = (zone: string) => `(created_at at time zone ${zone})::date`;

/** The daily roll-up's trigger functions (Migration20261124200100), with the day counted in `zone`. */
function dailyTriggerFunctions(zone: string): string[] {
  const day = dayIn(zone);
  return [
    `create or replace function contact_daily_inserted() returns trigger language plpgsql as $$
      begin
        insert into contact_daily_deltas (day, source, utm_campaign, delta)
          select ${day}, source, utm_campaign, count(*) from inserted_rows group by 1, 2, 3;
        return null;
      end $$;`,
    `create or replace function contact_daily_deleted() returns trigger language plpgsql as $$
      begin
        insert into contact_daily_deltas (day, source, utm_campaign, delta)
          select ${day}, source, utm_campaign, -count(*) from deleted_rows group by 1, 2, 3;
        return null;
      end $$;`,
    `create or replace function contact_daily_updated() returns trigger language plpgsql as $$
      begin
        insert into contact_daily_deltas (day, source, utm_campaign, delta)
          select day, source, utm_campaign, sum(d) from (
            select ${day} as day, source, utm_campaign, -1 as d from deleted_rows
            union all
            select ${day}, source, utm_campaign, 1 from inserted_rows
          ) changes group by 1, 2, 3 having sum(d) <> 0;
        return null;
      end $$;`,
  ];
}

/**
 * The company's settings (its time zone, UTC by default) and each user's zone. The contacts'
 * daily roll-up now counts days in the company's zone; changing the zone recounts the roll-up
 * (contacts/contact-daily-recount.sql.ts).
 */
export class Migration20261127130158 extends Migration {
  override name = 'Migration20261127130158';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "organization_settings" ("id" int not null, "time_zone" text not null default 'UTC', "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );

    this.addSql(`alter table "users" add "time_zone" text null;`);

    this.addSql(
      `alter table "organization_settings" add constraint "organization_settings_id_check" check (id = 1);`,
    );
    this.addSql(`insert into "organization_settings" ("id") values (1) on conflict do nothing;`);
    for (const fn of dailyTriggerFunctions(COMPANY_TIME_ZONE)) this.addSql(fn);
  }

  override down(): void | Promise<void> {
    for (const fn of dailyTriggerFunctions(`'utc'`)) this.addSql(fn);
    this.addSql(`drop table if exists "organization_settings" cascade;`);

    this.addSql(`alter table "users" drop column "time_zone";`);
  }
}
