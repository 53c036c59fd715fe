import { Migration } from '@mikro-orm/migrations';

export class Migration20261124000100 extends Migration {
  override name = 'Migration20261124000100';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "webhook_endpoints" ("id" serial primary key, "url" varchar(2000) not null, "events" jsonb not null, "description" varchar(500) null, "enabled" boolean not null default true, "secret" varchar(100) not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );

    this.addSql(
      `create table "webhook_deliveries" ("id" serial primary key, "endpoint_id" int not null, "message_id" varchar(40) not null, "event" text not null, "payload" text not null, "status" text not null default 'pending', "attempts" int not null default 0, "response_status" int null, "duration_ms" int null, "last_error" varchar(1000) null, "next_attempt_at" timestamptz null, "locked_until" timestamptz null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "webhook_deliveries_endpoint_id_index" on "webhook_deliveries" ("endpoint_id");`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_message_id_unique" unique ("message_id");`,
    );

    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_endpoint_id_foreign" foreign key ("endpoint_id") references "webhook_endpoints" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_event_check" check ("event" in ('contact.created', 'contact.status_changed'));`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_status_check" check ("status" in ('pending', 'succeeded', 'failed'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "webhook_deliveries" cascade;`);
    this.addSql(`drop table if exists "webhook_endpoints" cascade;`);
  }
}
