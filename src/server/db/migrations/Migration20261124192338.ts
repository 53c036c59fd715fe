import { Migration } from '@mikro-orm/migrations';

export class Migration20261124192338 extends Migration {
  override name = 'Migration20261124192338';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "contact_imports" ("id" uuid not null, "mode" text not null, "status" text not null, "created_by_id" int null, "created_at" timestamptz not null default now(), "started_at" timestamptz null, "finished_at" timestamptz null, "bytes_total" bigint not null default '0', "bytes_processed" bigint not null default '0', "processed" int not null default 0, "inserted" int not null default 0, "updated" int not null default 0, "skipped" int not null default 0, "error_count" int not null default 0, "errors" jsonb not null default '[]', "failure" text null, primary key ("id"));`,
    );
    this.addSql(`create index "contact_imports_status_index" on "contact_imports" ("status");`);

    this.addSql(
      `create table "contact_import_errors" ("contact_import_id" uuid not null, "line" int not null, "reason" text not null, primary key ("contact_import_id", "line"));`,
    );

    this.addSql(
      `create table "contact_import_chunks" ("contact_import_id" uuid not null, "seq" int not null, "data" bytea not null, primary key ("contact_import_id", "seq"));`,
    );
    // Uploaded files are stored for minutes: compressing them would only cost CPU on the way in and out.
    this.addSql(`alter table "contact_import_chunks" alter column "data" set storage external;`);

    this.addSql(`create index "contacts_email_lower_index" on "contacts" (lower("email"));`);

    this.addSql(
      `alter table "contact_imports" add constraint "contact_imports_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "contact_imports" add constraint "contact_imports_mode_check" check ("mode" in ('all_or_nothing', 'skip_invalid', 'upsert'));`,
    );
    this.addSql(
      `alter table "contact_imports" add constraint "contact_imports_status_check" check ("status" in ('uploading', 'queued', 'running', 'done', 'failed'));`,
    );

    this.addSql(
      `alter table "contact_import_errors" add constraint "contact_import_errors_contact_import_id_foreign" foreign key ("contact_import_id") references "contact_imports" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "contact_import_chunks" add constraint "contact_import_chunks_contact_import_id_foreign" foreign key ("contact_import_id") references "contact_imports" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "contact_import_errors" drop constraint "contact_import_errors_contact_import_id_foreign";`,
    );
    this.addSql(
      `alter table "contact_import_chunks" drop constraint "contact_import_chunks_contact_import_id_foreign";`,
    );

    this.addSql(`drop table if exists "contact_imports" cascade;`);
    this.addSql(`drop table if exists "contact_import_errors" cascade;`);
    this.addSql(`drop table if exists "contact_import_chunks" cascade;`);

    this.addSql(`drop index "contacts_email_lower_index";`);
  }
}
