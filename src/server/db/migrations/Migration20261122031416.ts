import { Migration } from '@mikro-orm/migrations';

export class Migration20261122031416 extends Migration {
  override name = 'Migration20261122031416';

  override up(): void | Promise<void> {
    // Trigram indexes make the admin's substring search (ILIKE '%term%') fast at scale.
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(
      `create table "campaigns" ("id" serial primary key, "name" varchar(200) not null, "type" varchar(50) not null, "status" varchar(20) not null default 'draft', "target_audience" varchar(200) null, "goal_metric" varchar(100) null, "goal_value" int null, "description" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "campaigns_status_index" on "campaigns" ("status");`);

    this.addSql(
      `create table "contacts" ("id" serial primary key, "name" varchar(200) not null, "email" varchar(254) not null, "company" varchar(200) null, "phone" varchar(50) null, "message" text null, "source" varchar(50) not null default 'website', "status" varchar(20) not null default 'new', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "contacts_status_index" on "contacts" ("status");`);
    this.addSql(`create index "contacts_created_at_index" on "contacts" ("created_at");`);
    this.addSql(`create index "contacts_name_trgm" on "contacts" using gin ("name" gin_trgm_ops);`);
    this.addSql(
      `create index "contacts_email_trgm" on "contacts" using gin ("email" gin_trgm_ops);`,
    );
    this.addSql(
      `create index "contacts_company_trgm" on "contacts" using gin ("company" gin_trgm_ops);`,
    );

    this.addSql(
      `create table "service_inquiries" ("id" serial primary key, "contact_id" int not null, "service_type" varchar(50) not null, "priority" varchar(20) not null default 'medium', "estimated_volume" varchar(200) null, "timeline" varchar(200) null, "budget" varchar(200) null, "notes" text null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "service_inquiries_contact_id_index" on "service_inquiries" ("contact_id");`,
    );
    this.addSql(
      `create index "service_inquiries_priority_index" on "service_inquiries" ("priority");`,
    );

    this.addSql(
      `create table "users" ("id" serial primary key, "username" varchar(50) not null, "password" varchar(255) not null, "email" varchar(254) not null, "first_name" varchar(100) null, "last_name" varchar(100) null, "role" varchar(20) not null default 'user', "is_active" boolean not null default true, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "users" add constraint "users_username_unique" unique ("username");`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(
      `create table "sessions" ("id" varchar(64) not null, "user_id" int not null, "expires_at" timestamptz not null, "idle_expires_at" timestamptz not null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);

    this.addSql(
      `alter table "service_inquiries" add constraint "service_inquiries_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }
}
