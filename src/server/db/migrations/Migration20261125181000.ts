import { Migration } from '@mikro-orm/migrations';

export class Migration20261125181000 extends Migration {
  override name = 'Migration20261125181000';

  override up(): void | Promise<void> {
    // A clean-submission counter row per connection (its process id) instead of per pid % 32:
    // two connections whose ids shared a slot still waited on each other's row.
    this.addSql(`alter table "security_clean_submissions" alter column "shard" type integer;`);
  }

  override down(): void | Promise<void> {
    this.addSql(
      `create table "security_clean_submissions_folded" as select "hour", "shard" % 32 as "shard", sum("count")::int as "count" from "security_clean_submissions" group by 1, 2;`,
    );
    this.addSql(`truncate "security_clean_submissions";`);
    this.addSql(`alter table "security_clean_submissions" alter column "shard" type smallint;`);
    this.addSql(
      `insert into "security_clean_submissions" ("hour", "shard", "count") select "hour", "shard", "count" from "security_clean_submissions_folded";`,
    );
    this.addSql(`drop table "security_clean_submissions_folded";`);
  }
}
