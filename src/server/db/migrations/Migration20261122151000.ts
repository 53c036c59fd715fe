import { Migration } from '@mikro-orm/migrations';

export class Migration20261122151000 extends Migration {
  override name = 'Migration20261122151000';

  override up(): void | Promise<void> {
    // One row per client network, scope, type and minute with a count, instead of one per
    // refused request (3 GB a day from one client at 45 requests/s).
    this.addSql(`alter table "security_events"
      add column "count" int not null default 1,
      add column "last_seen_at" timestamptz null,
      add column "minute" timestamptz null,
      add column "client_key" varchar(64) null;`);
    this.addSql(`update "security_events" set "last_seen_at" = "created_at",
      "minute" = date_trunc('minute', "created_at"), "client_key" = "ip";`);
    // Fold the repeats already stored into the first row of each group.
    this.addSql(`with "groups" as (
        select min("id") as "keep", count(*) as "n", max("created_at") as "last"
          from "security_events" group by "minute", "client_key", "scope", "type" having count(*) > 1)
      update "security_events" e set "count" = g."n", "last_seen_at" = g."last"
        from "groups" g where e."id" = g."keep";`);
    this.addSql(`delete from "security_events" e using "security_events" k
      where e."minute" = k."minute" and e."client_key" = k."client_key" and e."scope" = k."scope"
        and e."type" = k."type" and e."id" > k."id";`);
    this.addSql(`alter table "security_events"
      alter column "last_seen_at" set not null, alter column "last_seen_at" set default now(),
      alter column "minute" set not null, alter column "client_key" set not null;`);
    this.addSql(
      `create unique index "security_events_repeat_unique" on "security_events" ("minute", "client_key", "scope", "type");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "security_events_repeat_unique";`);
    this.addSql(`alter table "security_events" drop column "count", drop column "last_seen_at",
      drop column "minute", drop column "client_key";`);
  }
}
