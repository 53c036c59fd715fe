import { Migration } from '@mikro-orm/migrations';

export class Migration20261125141800 extends Migration {
  override name = 'Migration20261125141800';

  override up(): void | Promise<void> {
    // Auto-reply relay limits (attack findings, round 3): held-back messages, when each auto-reply
    // was released for sending, and the site's hourly limit.
    this.addSql(
      `alter table "notification_messages" drop constraint "notification_messages_status_check";`,
    );
    this.addSql(`alter table "notification_messages" add "released_at" timestamptz null;`);
    this.addSql(
      `alter table "notification_messages" add constraint "notification_messages_status_check" check ("status" in ('queued', 'sent', 'failed', 'not_configured', 'suppressed'));`,
    );
    this.addSql(
      `create index "notification_messages_auto_reply_released_index" on "notification_messages" (lower("to"), "released_at") where "kind" = 'auto_reply' and "released_at" is not null;`,
    );
    this.addSql(
      `alter table "notification_settings" add "auto_reply_hourly_limit" int not null default 100;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "notification_messages_auto_reply_released_index";`);
    this.addSql(
      `alter table "notification_messages" drop constraint "notification_messages_status_check";`,
    );
    this.addSql(`delete from "notification_messages" where "status" = 'suppressed';`);
    this.addSql(`alter table "notification_messages" drop column "released_at";`);
    this.addSql(
      `alter table "notification_messages" add constraint "notification_messages_status_check" check ("status" in ('queued', 'sent', 'failed', 'not_configured'));`,
    );
    this.addSql(`alter table "notification_settings" drop column "auto_reply_hourly_limit";`);
  }
}
