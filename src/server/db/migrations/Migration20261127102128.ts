import { Migration } from '@mikro-orm/migrations';

export class Migration20261127102128 extends Migration {
  override name = 'Migration20261127102128';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "tasks" ("id" serial primary key, "title" varchar(200) not null, "due_at" timestamptz not null, "assignee_id" int not null, "contact_id" int null, "done_at" timestamptz null, "created_at" timestamptz not null default now(), "created_by_id" int null, "reminder_message_id" int null);`,
    );
    this.addSql(
      `create index "tasks_assignee_due_index" on "tasks" ("assignee_id", "due_at", "id");`,
    );
    this.addSql(
      `create index "tasks_contact_due_index" on "tasks" ("contact_id", "due_at", "id");`,
    );
    this.addSql(`create index "tasks_due_index" on "tasks" ("due_at", "id");`);

    this.addSql(
      `alter table "notification_messages" drop constraint "notification_messages_kind_check";`,
    );
    this.addSql(
      `alter table "notification_messages" add constraint "notification_messages_kind_check" check ("kind" in ('alert', 'auto_reply', 'booking_invitation', 'booking_reminder', 'quarantine_digest', 'task_reminder'));`,
    );

    this.addSql(
      `alter table "contact_activities" drop constraint "contact_activities_type_check";`,
    );
    this.addSql(
      `alter table "contact_activities" add constraint "contact_activities_type_check" check ("type" in ('fields_changed', 'status_changed', 'owner_changed', 'note', 'booking_created', 'booking_rescheduled', 'booking_cancelled', 'task_created', 'task_done', 'task_reassigned'));`,
    );

    this.addSql(
      `alter table "tasks" add constraint "tasks_assignee_id_foreign" foreign key ("assignee_id") references "users" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "tasks" cascade;`);

    this.addSql(
      `alter table "contact_activities" drop constraint "contact_activities_type_check";`,
    );
    this.addSql(
      `alter table "contact_activities" add constraint "contact_activities_type_check" check ("type" in ('fields_changed', 'status_changed', 'owner_changed', 'note', 'booking_created', 'booking_rescheduled', 'booking_cancelled'));`,
    );

    this.addSql(
      `alter table "notification_messages" drop constraint "notification_messages_kind_check";`,
    );
    this.addSql(
      `alter table "notification_messages" add constraint "notification_messages_kind_check" check ("kind" in ('alert', 'auto_reply', 'booking_invitation', 'booking_reminder', 'quarantine_digest'));`,
    );
  }
}
