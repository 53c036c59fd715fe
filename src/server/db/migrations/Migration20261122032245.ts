import { Migration } from '@mikro-orm/migrations';

export class Migration20261122032245 extends Migration {
  override name = 'Migration20261122032245';

  override up(): void | Promise<void> {
    // Contact-form protection (issue 5). security_settings holds one row (id 1); the checks repeat the API bounds.
    this.addSql(
      `create table "security_clean_submissions" ("hour" timestamptz not null, "count" int not null default 0, primary key ("hour"));`,
    );

    this.addSql(
      `create table "security_rate_limits" ("bucket" varchar(30) not null, "key" varchar(200) not null, "window_start" timestamptz not null, "count" int not null default 0, primary key ("bucket", "key", "window_start"));`,
    );
    this.addSql(
      `create index "security_rate_limits_window_start_index" on "security_rate_limits" ("window_start");`,
    );

    this.addSql(
      `create table "security_events" ("id" serial primary key, "created_at" timestamptz not null default now(), "type" varchar(40) not null, "scope" varchar(20) not null default 'contact_form', "severity" varchar(10) not null, "ip" varchar(64) not null, "user_agent" varchar(500) not null, "details" varchar(500) not null);`,
    );
    this.addSql(
      `create index "security_events_created_at_index" on "security_events" ("created_at");`,
    );
    this.addSql(
      `create index "security_events_type_id_index" on "security_events" ("type", "id");`,
    );
    this.addSql(
      `create index "security_events_severity_id_index" on "security_events" ("severity", "id");`,
    );

    this.addSql(
      `create table "security_settings" ("id" int not null check ("id" = 1), primary key ("id"), "rate_limit_enabled" boolean not null, "honeypot_enabled" boolean not null, "bot_detection_enabled" boolean not null, "suspicious_content_filtering" boolean not null, "max_submissions_per_hour" int not null check ("max_submissions_per_hour" between 1 and 100), "min_form_fill_time" int not null check ("min_form_fill_time" between 1 and 60), "form_secret" varchar(64) not null, "updated_at" timestamptz not null default now());`,
    );

    this.addSql(
      `create table "security_used_form_tokens" ("nonce" varchar(32) not null, "expires_at" timestamptz not null, primary key ("nonce"));`,
    );
    this.addSql(
      `create index "security_used_form_tokens_expires_at_index" on "security_used_form_tokens" ("expires_at");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "security_clean_submissions" cascade;`);
    this.addSql(`drop table if exists "security_rate_limits" cascade;`);
    this.addSql(`drop table if exists "security_events" cascade;`);
    this.addSql(`drop table if exists "security_settings" cascade;`);
    this.addSql(`drop table if exists "security_used_form_tokens" cascade;`);
  }
}
