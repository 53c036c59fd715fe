import { Migration } from '@mikro-orm/migrations';

/**
 * Page views summed per closed UTC day (page-view-rollup.entity.ts), and an index to read one
 * day's raw page views. (The generated down() rebuilt page_views from scratch because the ORM
 * reads its partitioning; dropping the index is all this migration did to it.)
 */
export class Migration20261127140554 extends Migration {
  override name = 'Migration20261127140554';

  override up(): void | Promise<void> {
    this.addSql(`create table "page_view_rolled_days" ("day" date not null, primary key ("day"));`);

    this.addSql(
      `create table "page_view_rollups" ("id" bigserial primary key, "day" date not null, "kind" text not null, "key1" text not null default '', "key2" text not null default '', "key3" text not null default '', "visitors" int not null, "pageviews" int not null);`,
    );
    this.addSql(
      `create index "page_view_rollups_day_kind_index" on "page_view_rollups" ("day", "kind");`,
    );

    this.addSql(`create index "page_views_day_index" on "page_views" ("day");`);

    this.addSql(
      `alter table "page_view_rollups" add constraint "page_view_rollups_kind_check" check ("kind" in ('total', 'page', 'referrer', 'campaign', 'device', 'entry'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "page_view_rolled_days" cascade;`);
    this.addSql(`drop table if exists "page_view_rollups" cascade;`);

    this.addSql(`drop index if exists "page_views_day_index";`);
  }
}
