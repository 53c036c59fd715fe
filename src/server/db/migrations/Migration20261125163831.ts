import { Migration } from '@mikro-orm/migrations';

export class Migration20261125163831 extends Migration {
  override name = 'Migration20261125163831';

  override up(): void | Promise<void> {
    // Clean-submission counters get one row per connection slot and hour: every lead's
    // transaction updated the hour's single row and queued behind the others on its lock.
    this.addSql(
      `alter table "security_clean_submissions" drop constraint "security_clean_submissions_pkey";`,
    );
    this.addSql(
      `alter table "security_clean_submissions" add "shard" smallint not null default 0;`,
    );
    this.addSql(`alter table "security_clean_submissions" add primary key ("hour", "shard");`);
  }

  override down(): void | Promise<void> {
    this.addSql(
      `create table "security_clean_submissions_folded" as select "hour", sum("count")::int as "count" from "security_clean_submissions" group by "hour";`,
    );
    this.addSql(`truncate "security_clean_submissions";`);
    this.addSql(
      `alter table "security_clean_submissions" drop constraint "security_clean_submissions_pkey";`,
    );
    this.addSql(`alter table "security_clean_submissions" drop column "shard";`);
    this.addSql(`alter table "security_clean_submissions" add primary key ("hour");`);
    this.addSql(
      `insert into "security_clean_submissions" ("hour", "count") select "hour", "count" from "security_clean_submissions_folded";`,
    );
    this.addSql(`drop table "security_clean_submissions_folded";`);
  }
}
