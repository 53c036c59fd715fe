import { Migration } from '@mikro-orm/migrations';

/**
 * A DEFAULT partition for page_views: a page view of a month without a partition of its own (the
 * first minute of a month before the maintenance ran, a restore, a back-fill) is stored there
 * instead of failing; the maintenance moves it into its month (page-view-partitions.sql.ts).
 */
export class Migration20261201000000 extends Migration {
  override name = 'Migration20261201000000';

  override up(): void | Promise<void> {
    this.addSql(`create table "page_views_default" partition of "page_views" default;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "page_views_default";`);
  }
}
