import { Migration } from '@mikro-orm/migrations';

export class Migration20261124100200 extends Migration {
  override name = 'Migration20261124100200';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "audit_log" ("id" bigserial primary key, "at" timestamptz not null default now(), "actor_id" int null, "actor_username" varchar(50) null, "action" varchar(50) not null, "entity_type" varchar(50) not null, "entity_id" varchar(64) null, "changes" jsonb null, "ip" varchar(64) null, "user_agent" varchar(500) null);`,
    );
    this.addSql(`create index "audit_log_actor_id_index" on "audit_log" ("actor_id", "id");`);
    this.addSql(`create index "audit_log_entity_type_index" on "audit_log" ("entity_type", "id");`);
    this.addSql(`create index "audit_log_action_index" on "audit_log" ("action", "id");`);
    this.addSql(`create index "audit_log_at_index" on "audit_log" ("at");`);
    this.addSql(
      `alter table "audit_log" add constraint "audit_log_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "security_settings" add column "audit_retention_days" int not null default 365;`,
    );
    this.addSql(
      `alter table "security_settings" add constraint "security_settings_audit_retention_days_check" check ((audit_retention_days >= 30) AND (audit_retention_days <= 3650));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "audit_log" cascade;`);
    this.addSql(
      `alter table "security_settings" drop constraint "security_settings_audit_retention_days_check";`,
    );
    this.addSql(`alter table "security_settings" drop column "audit_retention_days";`);
  }
}
