import { Migration } from '@mikro-orm/migrations';

export class Migration20261127110429 extends Migration {
  override name = 'Migration20261127110429';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "password_resets" ("id" serial primary key, "user_id" int not null, "token_hash" varchar(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "password_resets_user_id_index" on "password_resets" ("user_id");`);
    this.addSql(
      `alter table "password_resets" add constraint "password_resets_token_hash_unique" unique ("token_hash");`,
    );

    this.addSql(
      `alter table "notification_messages" drop constraint "notification_messages_kind_check";`,
    );
    this.addSql(
      `alter table "notification_messages" add constraint "notification_messages_kind_check" check ("kind" in ('alert', 'auto_reply', 'booking_invitation', 'booking_reminder', 'quarantine_digest', 'task_reminder', 'password_reset'));`,
    );

    this.addSql(
      `alter table "password_resets" add constraint "password_resets_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "password_resets" cascade;`);

    this.addSql(
      `alter table "notification_messages" drop constraint "notification_messages_kind_check";`,
    );
    this.addSql(
      `alter table "notification_messages" add constraint "notification_messages_kind_check" check ("kind" in ('alert', 'auto_reply', 'booking_invitation', 'booking_reminder', 'quarantine_digest', 'task_reminder'));`,
    );
  }
}
