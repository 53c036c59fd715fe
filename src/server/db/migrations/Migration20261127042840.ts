import { Migration } from '@mikro-orm/migrations';

/** The quarantine digest is a kind of outbox message. */
export class Migration20261127042840 extends Migration {
  override name = 'Migration20261127042840';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "notification_messages" drop constraint "notification_messages_kind_check";`,
    );
    this.addSql(
      `alter table "notification_messages" add constraint "notification_messages_kind_check" check ("kind" in ('alert', 'auto_reply', 'booking_invitation', 'booking_reminder', 'quarantine_digest'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "notification_messages" where "kind" = 'quarantine_digest';`);
    this.addSql(
      `alter table "notification_messages" drop constraint "notification_messages_kind_check";`,
    );
    this.addSql(
      `alter table "notification_messages" add constraint "notification_messages_kind_check" check ("kind" in ('alert', 'auto_reply', 'booking_invitation', 'booking_reminder'));`,
    );
  }
}
