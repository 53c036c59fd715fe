import { Migration } from '@mikro-orm/migrations';

export class Migration20261124100100 extends Migration {
  override name = 'Migration20261124100100';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "quarantined_submissions" ("id" serial primary key, "reason" varchar(500) not null, "payload" jsonb not null, "source" varchar(20) not null, "ip" varchar(64) null, "user_agent" varchar(500) null, "created_at" timestamptz not null default now(), "expires_at" timestamptz not null);`,
    );
    this.addSql(
      `create index "quarantined_submissions_created_at_index" on "quarantined_submissions" ("created_at");`,
    );
    this.addSql(
      `create index "quarantined_submissions_expires_at_index" on "quarantined_submissions" ("expires_at");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "quarantined_submissions" cascade;`);
  }
}
