import { Migration } from '@mikro-orm/migrations';

export class Migration20261124100300 extends Migration {
  override name = 'Migration20261124100300';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "contact_activities" ("id" serial primary key, "contact_id" int not null, "type" text check ("type" in ('status_changed', 'owner_changed', 'note')) not null, "at" timestamptz not null default now(), "actor_id" int null, "data" jsonb not null);`,
    );
    this.addSql(
      `create index "contact_activities_contact_at_index" on "contact_activities" ("contact_id", "at", "id");`,
    );
    this.addSql(
      `alter table "contact_activities" add constraint "contact_activities_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "contact_activities" add constraint "contact_activities_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(`alter table "webhook_deliveries" add column "contact_id" int null;`);
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on delete set null;`,
    );
    this.addSql(
      `create index "webhook_deliveries_contact_id_index" on "webhook_deliveries" ("contact_id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "contact_activities" cascade;`);
    this.addSql(`alter table "webhook_deliveries" drop column "contact_id";`);
  }
}
