import { Migration } from '@mikro-orm/migrations';

export class Migration20261127161609 extends Migration {
  override name = 'Migration20261127161609';

  override up(): void | Promise<void> {
    this.addSql(`create index "page_views_viewed_at_index" on "page_views" ("viewed_at");`);

    // Days rolled up before today's roll-up existed were closed days, rolled up whole.
    this.addSql(`alter table "page_view_rolled_days" add "through" timestamptz;`);
    this.addSql(
      `update "page_view_rolled_days" set "through" = ("day" + 1)::timestamp at time zone 'utc';`,
    );
    this.addSql(`alter table "page_view_rolled_days" alter column "through" set not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "page_view_rolled_days" drop column "through";`);
    this.addSql(`drop index "page_views_viewed_at_index";`);
  }
}
