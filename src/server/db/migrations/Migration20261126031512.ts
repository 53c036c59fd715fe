import { Migration } from '@mikro-orm/migrations';

export class Migration20261126031512 extends Migration {
  override name = 'Migration20261126031512';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "calendar_feeds" add "next_sync_at" timestamptz not null default now();`,
    );
    this.addSql(
      `create index "calendar_feeds_next_sync_at_index" on "calendar_feeds" ("next_sync_at");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "calendar_feeds_next_sync_at_index";`);
    this.addSql(`alter table "calendar_feeds" drop column "next_sync_at";`);
  }
}
