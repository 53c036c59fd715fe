import { Migration } from '@mikro-orm/migrations';

/**
 * Messages to visitors (auto-replies, a lead's call invitations and reminders) are marked, and the
 * relay limits count all of them: released per hour site-wide, per address and per booked call a day.
 */
export class Migration20261127040000 extends Migration {
  override name = 'Migration20261127040000';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "notification_messages" add "to_visitor" boolean not null default false;`,
    );
    // Auto-replies always went to the visitor; a lead's booking messages are the ones to the
    // contact's own address.
    this.addSql(
      `update "notification_messages" set "to_visitor" = true where "kind" = 'auto_reply';`,
    );
    this.addSql(
      `update "notification_messages" m set "to_visitor" = true from "contacts" c
        where m."kind" in ('booking_invitation', 'booking_reminder') and c."id" = m."contact_id"
          and lower(c."email") = lower(m."to");`,
    );
    this.addSql(`drop index if exists "notification_messages_auto_reply_hour_index";`);
    this.addSql(
      `create index "notification_messages_visitor_hour_index" on "notification_messages" ("released_at") where "to_visitor" and "released_at" is not null;`,
    );
    this.addSql(
      `create index "notification_messages_visitor_to_index" on "notification_messages" (lower("to"), "released_at") where "to_visitor" and "released_at" is not null;`,
    );
    this.addSql(
      `create index "notification_messages_visitor_booking_index" on "notification_messages" ("booking_id", "released_at") where "to_visitor" and "released_at" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "notification_messages_visitor_booking_index";`);
    this.addSql(`drop index "notification_messages_visitor_to_index";`);
    this.addSql(`drop index "notification_messages_visitor_hour_index";`);
    this.addSql(
      `create index "notification_messages_auto_reply_hour_index" on "notification_messages" ("released_at") where "kind" = 'auto_reply' and "released_at" is not null;`,
    );
    this.addSql(`alter table "notification_messages" drop column "to_visitor";`);
  }
}
