import { Migration } from '@mikro-orm/migrations';

const day = `(created_at at time zone 'utc')::date`;

/**
 * New contacts per UTC day, source and UTM campaign (contact-daily.entity.ts), maintained like the
 * status counts (Migration20261124200000): statement triggers append deltas in the writing
 * transaction, so the analytics' per-day and per-source figures read a few hundred rows.
 */
export class Migration20261124200100 extends Migration {
  override name = 'Migration20261124200100';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "contact_daily_deltas" ("id" bigserial primary key, "day" date not null, "source" text not null, "utm_campaign" text null, "delta" bigint not null);`,
    );
    this.addSql(`create index "contact_daily_deltas_day_index" on "contact_daily_deltas" ("day");`);
    this.addSql(`create function contact_daily_inserted() returns trigger language plpgsql as $$
      begin
        insert into contact_daily_deltas (day, source, utm_campaign, delta)
          select ${day}, source, utm_campaign, count(*) from inserted_rows group by 1, 2, 3;
        return null;
      end $$;`);
    this.addSql(`create function contact_daily_deleted() returns trigger language plpgsql as $$
      begin
        insert into contact_daily_deltas (day, source, utm_campaign, delta)
          select ${day}, source, utm_campaign, -count(*) from deleted_rows group by 1, 2, 3;
        return null;
      end $$;`);
    this.addSql(`create function contact_daily_updated() returns trigger language plpgsql as $$
      begin
        insert into contact_daily_deltas (day, source, utm_campaign, delta)
          select day, source, utm_campaign, sum(d) from (
            select ${day} as day, source, utm_campaign, -1 as d from deleted_rows
            union all
            select ${day}, source, utm_campaign, 1 from inserted_rows
          ) changes group by 1, 2, 3 having sum(d) <> 0;
        return null;
      end $$;`);
    this.addSql(`create function contact_daily_truncated() returns trigger language plpgsql as $$
      begin
        delete from contact_daily_deltas;
        return null;
      end $$;`);
    this.addSql(`create trigger contact_daily_insert after insert on contacts
      referencing new table as inserted_rows for each statement execute function contact_daily_inserted();`);
    this.addSql(`create trigger contact_daily_delete after delete on contacts
      referencing old table as deleted_rows for each statement execute function contact_daily_deleted();`);
    this.addSql(`create trigger contact_daily_update after update on contacts
      referencing old table as deleted_rows new table as inserted_rows
      for each statement execute function contact_daily_updated();`);
    this.addSql(`create trigger contact_daily_truncate after truncate on contacts
      for each statement execute function contact_daily_truncated();`);
    this.addSql(`lock table contacts in share mode;`);
    this.addSql(`insert into contact_daily_deltas (day, source, utm_campaign, delta)
      select ${day}, source, utm_campaign, count(*) from contacts group by 1, 2, 3;`);
  }

  override down(): void | Promise<void> {
    for (const op of ['insert', 'delete', 'update', 'truncate'])
      this.addSql(`drop trigger if exists contact_daily_${op} on contacts;`);
    for (const fn of ['inserted', 'deleted', 'updated', 'truncated'])
      this.addSql(`drop function if exists contact_daily_${fn}();`);
    this.addSql(`drop table if exists "contact_daily_deltas" cascade;`);
  }
}
