import { Migration } from '@mikro-orm/migrations';

/**
 * Maintained contact counts (contact-count.entity.ts): the per-status badges, the totals and
 * the analytics read a handful of delta rows instead of counting a million contacts. Statement
 * triggers with transition tables write one delta row per (status, owner) group a statement
 * changed, in its transaction: a rollback takes the deltas with it, so sums stay exact.
 */
export class Migration20261124200000 extends Migration {
  override name = 'Migration20261124200000';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "contact_count_deltas" ("id" bigserial primary key, "status" text not null, "owner_id" int null, "delta" bigint not null);`,
    );
    this.addSql(`create function contact_counts_inserted() returns trigger language plpgsql as $$
      begin
        insert into contact_count_deltas (status, owner_id, delta)
          select status, owner_id, count(*) from inserted_rows group by status, owner_id;
        return null;
      end $$;`);
    this.addSql(`create function contact_counts_deleted() returns trigger language plpgsql as $$
      begin
        insert into contact_count_deltas (status, owner_id, delta)
          select status, owner_id, -count(*) from deleted_rows group by status, owner_id;
        return null;
      end $$;`);
    // Only groups whose count changed: an edit of a name or a message writes nothing.
    this.addSql(`create function contact_counts_updated() returns trigger language plpgsql as $$
      begin
        insert into contact_count_deltas (status, owner_id, delta)
          select status, owner_id, sum(d) from (
            select status, owner_id, -1 as d from deleted_rows
            union all
            select status, owner_id, 1 from inserted_rows
          ) changes group by status, owner_id having sum(d) <> 0;
        return null;
      end $$;`);
    this.addSql(`create function contact_counts_truncated() returns trigger language plpgsql as $$
      begin
        delete from contact_count_deltas;
        return null;
      end $$;`);
    this.addSql(`create trigger contact_counts_insert after insert on contacts
      referencing new table as inserted_rows for each statement execute function contact_counts_inserted();`);
    this.addSql(`create trigger contact_counts_delete after delete on contacts
      referencing old table as deleted_rows for each statement execute function contact_counts_deleted();`);
    this.addSql(`create trigger contact_counts_update after update on contacts
      referencing old table as deleted_rows new table as inserted_rows
      for each statement execute function contact_counts_updated();`);
    this.addSql(`create trigger contact_counts_truncate after truncate on contacts
      for each statement execute function contact_counts_truncated();`);
    // The starting point, counted once (the migration's transaction holds the table steady).
    this.addSql(`lock table contacts in share mode;`);
    this.addSql(`insert into contact_count_deltas (status, owner_id, delta)
      select status, owner_id, count(*) from contacts group by status, owner_id;`);
  }

  override down(): void | Promise<void> {
    for (const op of ['insert', 'delete', 'update', 'truncate'])
      this.addSql(`drop trigger if exists contact_counts_${op} on contacts;`);
    for (const fn of ['inserted', 'deleted', 'updated', 'truncated'])
      this.addSql(`drop function if exists contact_counts_${fn}();`);
    this.addSql(`drop table if exists "contact_count_deltas" cascade;`);
  }
}
