import { Migration } from '@mikro-orm/migrations';

/**
 * First-party page views (web-analytics/): a table partitioned by month, whose months from now
 * on the maintenance creates ahead (page-view-partitions.sql.ts; this creates the first three),
 * and the days' visitor salts.
 */
export class Migration20261127133732 extends Migration {
  override name = 'Migration20261127133732';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "page_views" ("id" bigserial not null, "viewed_at" timestamptz not null, "day" date not null, "visitor" text not null, "path" text not null, "referrer_host" text null, "utm_source" text null, "utm_medium" text null, "utm_campaign" text null, "utm_term" text null, "utm_content" text null, "device" text not null, primary key ("id", "viewed_at")) partition by range ("viewed_at");`,
    );
    this.addSql(
      `create index "page_views_visitor_index" on "page_views" ("visitor", "viewed_at");`,
    );

    this.addSql(
      `create table "visitor_salts" ("day" date not null, "salt" bytea not null, "created_at" timestamptz not null default now(), primary key ("day"));`,
    );
    this.addSql(`do $$
      declare first date := date_trunc('month', now() at time zone 'utc')::date;
      begin
        for i in 0..2 loop
          execute format('create table %I partition of page_views for values from (%L) to (%L)',
            'page_views_' || to_char(first + make_interval(months => i), 'YYYY_MM'),
            to_char(first + make_interval(months => i), 'YYYY-MM-DD') || ' 00:00+00',
            to_char(first + make_interval(months => i + 1), 'YYYY-MM-DD') || ' 00:00+00');
        end loop;
      end $$;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "page_views" cascade;`);
    this.addSql(`drop table if exists "visitor_salts" cascade;`);
  }
}
