import { Migration } from '@mikro-orm/migrations';

export class Migration20261127215245 extends Migration {
  override name = 'Migration20261127215245';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "notification_messages_to_lower_index" on "notification_messages" (lower("to"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "notification_messages_to_lower_index";`);
  }
}
