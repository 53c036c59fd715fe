import { Migration } from '@mikro-orm/migrations';

export class Migration20261124000200 extends Migration {
  override name = 'Migration20261124000200';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "integration_keys" ("id" serial primary key, "name" varchar(100) not null, "prefix" varchar(20) not null, "key_hash" varchar(64) not null, "created_at" timestamptz not null default now(), "last_used_at" timestamptz null);`,
    );
    this.addSql(
      `alter table "integration_keys" add constraint "integration_keys_key_hash_unique" unique ("key_hash");`,
    );

    this.addSql(
      `alter table "security_settings" add column "integration_key_hourly_limit" int not null default 1000;`,
    );
    this.addSql(
      `alter table "security_settings" add constraint "security_settings_integration_key_hourly_limit_check" check ((integration_key_hourly_limit >= 1) AND (integration_key_hourly_limit <= 100000));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "security_settings" drop constraint "security_settings_integration_key_hourly_limit_check";`,
    );
    this.addSql(`alter table "security_settings" drop column "integration_key_hourly_limit";`);
    this.addSql(`drop table if exists "integration_keys" cascade;`);
  }
}
