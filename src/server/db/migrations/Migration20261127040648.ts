import { Migration } from '@mikro-orm/migrations';

export class Migration20261127040648 extends Migration {
  override name = 'Migration20261127040648';

  override up(): void | Promise<void> {
    this.addSql(`alter table "calendar_feeds" add "over_budget" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "calendar_feeds" drop column "over_budget";`);
  }
}
