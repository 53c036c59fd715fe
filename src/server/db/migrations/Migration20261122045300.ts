import { Migration } from '@mikro-orm/migrations';

export class Migration20261122045300 extends Migration {
  override name = 'Migration20261122045300';

  override up(): void | Promise<void> {
    // A GIN index with fastupdate keeps new rows in a pending list that only VACUUM merges, and
    // until then the planner avoids the index: after a large CSV import, substring search fell
    // back to a full table scan (bench/contacts-scale.ts). Insert straight into the index instead.
    for (const column of ['name', 'email', 'company']) {
      this.addSql(`alter index "contacts_${column}_trgm" set (fastupdate = off);`);
    }
  }

  override down(): void | Promise<void> {
    for (const column of ['name', 'email', 'company']) {
      this.addSql(`alter index "contacts_${column}_trgm" reset (fastupdate);`);
    }
  }
}
