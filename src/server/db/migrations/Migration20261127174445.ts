import { Migration } from '@mikro-orm/migrations';

export class Migration20261127174445 extends Migration {
  override name = 'Migration20261127174445';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "privacy_notices" ("version" int not null, "text" text not null, "created_at" timestamptz not null default now(), "created_by_id" int null, primary key ("version"));`,
    );

    this.addSql(
      `alter table "privacy_notices" add constraint "privacy_notices_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "privacy_notices" cascade;`);
  }
}
