import { Migration } from '@mikro-orm/migrations';

export class Migration20261126030439 extends Migration {
  override name = 'Migration20261126030439';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "calendar_subscriptions" ("user_id" int not null, "token" varchar(64) not null, primary key ("user_id"));`,
    );
    this.addSql(
      `alter table "calendar_subscriptions" add constraint "calendar_subscriptions_token_unique" unique ("token");`,
    );

    this.addSql(
      `create table "calendar_feeds" ("id" serial primary key, "user_id" int not null, "url" varchar(2000) not null, "status" text not null default 'pending', "last_synced_at" timestamptz null, "error" varchar(500) null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "calendar_feeds_user_id_index" on "calendar_feeds" ("user_id");`);

    this.addSql(
      `create table "calendar_busy_times" ("id" bigserial primary key, "feed_id" int not null, "user_id" int not null, "starts_at" timestamptz not null, "ends_at" timestamptz not null);`,
    );
    this.addSql(
      `create index "calendar_busy_times_feed_id_index" on "calendar_busy_times" ("feed_id");`,
    );
    this.addSql(
      `create index "calendar_busy_times_user_starts_at_index" on "calendar_busy_times" ("user_id", "starts_at");`,
    );

    this.addSql(
      `alter table "notification_messages" drop constraint "notification_messages_kind_check";`,
    );
    this.addSql(
      `alter table "notification_messages" add "calendar" text null, add "booking_id" int null, add "send_after" timestamptz null;`,
    );
    this.addSql(
      `create index "notification_messages_booking_id_index" on "notification_messages" ("booking_id");`,
    );
    this.addSql(
      `alter table "notification_messages" add constraint "notification_messages_kind_check" check ("kind" in ('alert', 'auto_reply', 'booking_invitation', 'booking_reminder'));`,
    );

    this.addSql(`alter table "bookings" add "time_zone" varchar(64) null;`);

    this.addSql(
      `alter table "calendar_subscriptions" add constraint "calendar_subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "calendar_feeds" add constraint "calendar_feeds_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "calendar_feeds" add constraint "calendar_feeds_status_check" check ("status" in ('pending', 'ok', 'failed'));`,
    );

    this.addSql(
      `alter table "calendar_busy_times" add constraint "calendar_busy_times_feed_id_foreign" foreign key ("feed_id") references "calendar_feeds" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "calendar_busy_times" drop constraint "calendar_busy_times_feed_id_foreign";`,
    );

    this.addSql(`drop table if exists "calendar_subscriptions" cascade;`);
    this.addSql(`drop table if exists "calendar_feeds" cascade;`);
    this.addSql(`drop table if exists "calendar_busy_times" cascade;`);

    this.addSql(`alter table "bookings" drop column "time_zone";`);

    this.addSql(`drop index "notification_messages_booking_id_index";`);
    this.addSql(
      `alter table "notification_messages" drop constraint "notification_messages_kind_check";`,
    );
    this.addSql(
      `alter table "notification_messages" drop column "calendar", drop column "booking_id", drop column "send_after";`,
    );
    this.addSql(
      `alter table "notification_messages" add constraint "notification_messages_kind_check" check ("kind" in ('alert', 'auto_reply'));`,
    );
  }
}
