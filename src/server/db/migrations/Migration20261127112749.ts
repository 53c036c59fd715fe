import { Migration } from '@mikro-orm/migrations';

export class Migration20261127112749 extends Migration {
  override name = 'Migration20261127112749';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "webhook_deliveries_failed_index" on "webhook_deliveries" ("endpoint_id") where "status" = 'failed';`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "webhook_deliveries_failed_index";`);
  }
}
