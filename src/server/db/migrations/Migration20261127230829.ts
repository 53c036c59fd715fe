import { Migration } from '@mikro-orm/migrations';

export class Migration20261127230829 extends Migration {
  override name = 'Migration20261127230829';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "privacy_settings" ("id" int not null, "unconverted_lead_days" int null, "retention_ran_on" varchar(10) null, "updated_at" timestamptz not null default now(), primary key ("id"));`,
    );

    this.addSql(
      `create table "privacy_erasures" ("id" serial primary key, "address_hashes" jsonb not null, "erased_at" timestamptz not null, "trigger" text not null, "actor_id" int null, "actor_username" varchar(50) null, "reason" varchar(500) not null, "counts" jsonb not null);`,
    );
    this.addSql(
      `create index "privacy_erasures_address_hashes_index" on "privacy_erasures" using gin ("address_hashes" jsonb_path_ops);`,
    );

    this.addSql(
      `alter table "webhook_deliveries" drop constraint "webhook_deliveries_event_check";`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_event_check" check ("event" in ('contact.created', 'contact.status_changed', 'booking.created', 'booking.rescheduled', 'booking.cancelled', 'contact.erased'));`,
    );

    this.addSql(
      `alter table "privacy_settings" add constraint "privacy_settings_id_check" check (id = 1);`,
    );

    this.addSql(
      `alter table "privacy_erasures" add constraint "privacy_erasures_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "privacy_erasures" add constraint "privacy_erasures_trigger_check" check ("trigger" in ('request', 'retention', 'reapply'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "privacy_settings" cascade;`);
    this.addSql(`drop table if exists "privacy_erasures" cascade;`);

    this.addSql(
      `alter table "webhook_deliveries" drop constraint "webhook_deliveries_event_check";`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_event_check" check ("event" in ('contact.created', 'contact.status_changed', 'booking.created', 'booking.rescheduled', 'booking.cancelled'));`,
    );
  }
}
