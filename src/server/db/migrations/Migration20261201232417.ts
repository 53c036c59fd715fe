import { Migration } from '@mikro-orm/migrations';

/**
 * Page views bounded per day (web-analytics/page-view-intake.sql.ts): each day's count, its
 * distinct values per kind and its visitors per network, and the network of each page view, which
 * the roll-ups count (a key is listed once seen from three networks). Roll-ups written before
 * networks were counted take their visitors as their networks, so their keys stay listed.
 */
export class Migration20261201232417 extends Migration {
  override name = 'Migration20261201232417';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "page_view_days" ("day" date not null, "views" int not null default 0, "dropped" int not null default 0, "capped" text[] not null default '{}', primary key ("day"));`,
    );

    this.addSql(
      `create table "page_view_day_keys" ("day" date not null, "kind" text not null, "key" text not null, primary key ("day", "kind", "key"));`,
    );

    this.addSql(
      `create table "page_view_day_visitors" ("day" date not null, "network" text not null, "visitor" text not null, primary key ("day", "network", "visitor"));`,
    );

    this.addSql(`alter table "page_views" add "network" text null;`);

    this.addSql(`alter table "page_view_rollups" add "networks" int not null default 0;`);
    this.addSql(`update "page_view_rollups" set "networks" = "visitors";`);

    this.addSql(
      `alter table "page_view_days" add constraint "page_view_days_capped_check" check ("capped" <@ array['views'::text, 'path'::text, 'referrer'::text, 'source'::text, 'medium'::text, 'campaign'::text, 'term'::text, 'content'::text, 'networkVisitors'::text]);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "page_view_days" cascade;`);
    this.addSql(`drop table if exists "page_view_day_keys" cascade;`);
    this.addSql(`drop table if exists "page_view_day_visitors" cascade;`);

    this.addSql(`alter table "page_view_rollups" drop column "networks";`);
    this.addSql(`alter table "page_views" drop column "network";`);
  }
}
