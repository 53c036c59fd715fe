import { Migration } from '@mikro-orm/migrations';

export class Migration20261124100000 extends Migration {
  override name = 'Migration20261124100000';

  override up(): void | Promise<void> {
    // Sessions a user can see and revoke: a public id (the real id is the cookie's secret).
    this.addSql(`delete from "sessions";`);
    this.addSql(
      `alter table "sessions" add column "public_id" varchar(24) not null, add column "ip" varchar(64) null, add column "user_agent" varchar(500) null, add column "last_seen_at" timestamptz not null default now();`,
    );
    this.addSql(
      `alter table "sessions" add constraint "sessions_public_id_unique" unique ("public_id");`,
    );
    // TOTP two-factor sign-in.
    this.addSql(
      `alter table "users" add column "two_factor_secret" varchar(64) null, add column "two_factor_pending_secret" varchar(64) null, add column "two_factor_enabled_at" timestamptz null, add column "two_factor_last_step" bigint null;`,
    );
    this.addSql(
      `create table "user_recovery_codes" ("id" serial primary key, "user_id" int not null, "code_hash" varchar(64) not null, "used_at" timestamptz null);`,
    );
    this.addSql(
      `create index "user_recovery_codes_user_id_index" on "user_recovery_codes" ("user_id");`,
    );
    this.addSql(
      `alter table "user_recovery_codes" add constraint "user_recovery_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "security_settings" add column "require_admin_two_factor" boolean not null default false;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "security_settings" drop column "require_admin_two_factor";`);
    this.addSql(`drop table if exists "user_recovery_codes" cascade;`);
    this.addSql(
      `alter table "users" drop column "two_factor_secret", drop column "two_factor_pending_secret", drop column "two_factor_enabled_at", drop column "two_factor_last_step";`,
    );
    this.addSql(
      `alter table "sessions" drop constraint "sessions_public_id_unique", drop column "public_id", drop column "ip", drop column "user_agent", drop column "last_seen_at";`,
    );
  }
}
