import { Migration } from '@mikro-orm/migrations';

export class Migration20261123212133 extends Migration {
  override name = 'Migration20261123212133';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "notification_messages" ("id" serial primary key, "kind" text not null, "to" varchar(254) not null, "subject" varchar(300) not null, "text" text not null, "html" text not null, "status" text not null default 'queued', "attempts" int not null default 0, "last_error" varchar(1000) null, "contact_id" int null, "created_at" timestamptz not null default now(), "sent_at" timestamptz null);`,
    );
    this.addSql(
      `create index "notification_messages_contact_id_index" on "notification_messages" ("contact_id");`,
    );

    this.addSql(
      `create table "notification_settings" ("id" int not null, "alert_recipients" jsonb not null, "auto_reply_enabled" boolean not null, "alert_subject" varchar(200) not null, "alert_body" text not null, "auto_reply_subject" varchar(200) not null, "auto_reply_body" text not null, "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );

    this.addSql(
      `alter table "notification_messages" add constraint "notification_messages_kind_check" check ("kind" in ('alert', 'auto_reply'));`,
    );
    this.addSql(
      `alter table "notification_messages" add constraint "notification_messages_status_check" check ("status" in ('queued', 'sent', 'failed', 'not_configured'));`,
    );

    this.addSql(
      `alter table "notification_settings" add constraint "notification_settings_id_check" check (id = 1);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "notification_messages" cascade;`);
    this.addSql(`drop table if exists "notification_settings" cascade;`);
  }
}
