import { Migration } from '@mikro-orm/migrations';

export class Migration20261125180000 extends Migration {
  override name = 'Migration20261125180000';

  override up(): void | Promise<void> {
    // The hourly auto-reply limit counted every auto-reply of the last day under the release
    // lock; this index lets it read only the last hour's.
    this.addSql(
      `create index "notification_messages_auto_reply_hour_index" on "notification_messages" ("released_at") where "kind" = 'auto_reply' and "released_at" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "notification_messages_auto_reply_hour_index";`);
  }
}
