import { Migration } from '@mikro-orm/migrations';

export class Migration20261126002820 extends Migration {
  override name = 'Migration20261126002820';

  override up(): void | Promise<void> {
    // btree_gist lets the exclusion constraint below compare host ids (a trusted extension: the
    // database owner may create it).
    this.addSql(`create extension if not exists btree_gist;`);
    this.addSql(
      `create table "booking_settings" ("id" int not null, "enabled" boolean not null, "duration_minutes" int not null, "buffer_minutes" int not null, "min_notice_minutes" int not null, "horizon_days" int not null, "max_per_day_per_host" int not null, "slot_step_minutes" int not null, "token_secret" varchar(64) not null, "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );

    this.addSql(
      `create table "bookings" ("id" serial primary key, "contact_id" int not null, "host_id" int not null, "starts_at" timestamptz not null, "ends_at" timestamptz not null, "blocked_until" timestamptz not null, "status" text not null default 'confirmed', "manage_token" varchar(64) not null, "sequence" int not null default 0, "cancel_reason" varchar(500) null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "bookings_contact_id_index" on "bookings" ("contact_id");`);
    this.addSql(
      `alter table "bookings" add constraint "bookings_manage_token_unique" unique ("manage_token");`,
    );
    this.addSql(
      `create index "bookings_host_starts_at_index" on "bookings" ("host_id", "starts_at");`,
    );

    this.addSql(
      `create table "user_availability" ("user_id" int not null, "time_zone" varchar(64) not null, "weekly" jsonb not null, "overrides" jsonb not null, "updated_at" timestamptz not null default now(), primary key ("user_id"));`,
    );

    this.addSql(
      `alter table "booking_settings" add constraint "booking_settings_id_check" check (id = 1);`,
    );

    this.addSql(
      `alter table "bookings" add constraint "bookings_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "bookings" add constraint "bookings_host_id_foreign" foreign key ("host_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "bookings" add constraint "bookings_status_check" check ("status" in ('confirmed', 'cancelled', 'completed', 'no_show'));`,
    );

    // No double booking, by construction: a host's confirmed bookings, each with the buffer after
    // it, never overlap. Bookings insert with ON CONFLICT ON CONSTRAINT ... DO NOTHING.
    this.addSql(
      `alter table "bookings" add constraint "bookings_no_overlap" exclude using gist ("host_id" with =, tstzrange("starts_at", "blocked_until") with &&) where ("status" = 'confirmed');`,
    );
    this.addSql(
      `alter table "bookings" add constraint "bookings_ends_after_start" check ("ends_at" > "starts_at" and "blocked_until" >= "ends_at");`,
    );

    this.addSql(
      `alter table "user_availability" add constraint "user_availability_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    // The timeline records booked, moved and cancelled calls.
    this.addSql(
      `alter table "contact_activities" drop constraint "contact_activities_type_check";`,
    );
    this.addSql(
      `alter table "contact_activities" add constraint "contact_activities_type_check" check ("type" in ('status_changed', 'owner_changed', 'note', 'booking_created', 'booking_rescheduled', 'booking_cancelled'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "contact_activities" where "type" like 'booking_%';`);
    this.addSql(
      `alter table "contact_activities" drop constraint "contact_activities_type_check";`,
    );
    this.addSql(
      `alter table "contact_activities" add constraint "contact_activities_type_check" check ("type" in ('status_changed', 'owner_changed', 'note'));`,
    );
    this.addSql(`drop table if exists "booking_settings" cascade;`);
    this.addSql(`drop table if exists "bookings" cascade;`);
    this.addSql(`drop table if exists "user_availability" cascade;`);
  }
}
