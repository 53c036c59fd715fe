import { Migration } from '@mikro-orm/migrations';

export class Migration20261127103545 extends Migration {
  override name = 'Migration20261127103545';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "notification_preferences" ("user_id" int not null, "new_lead_email" boolean not null, "task_reminder_email" boolean not null, "updated_at" timestamptz not null default now(), primary key ("user_id"));`,
    );

    this.addSql(
      `alter table "notification_preferences" add constraint "notification_preferences_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "notification_preferences" cascade;`);
  }
}
