import { Migration } from '@mikro-orm/migrations';

export class Migration20261124100500 extends Migration {
  override name = 'Migration20261124100500';

  override up(): void | Promise<void> {
    // With fastupdate off, every changed row paid three trigram-index insertions at once: a bulk
    // status change of 50,000 contacts took 17-33 s (bench/contacts-bulk.ts), since status and
    // owner are indexed and such updates are never HOT. The pending list (at most
    // gin_pending_list_limit, 4 MB) batches them; set-based writes merge it right away
    // (contact-search-index.ts), so the planner keeps the index and searches stay fast.
    for (const column of ['name', 'email', 'company']) {
      this.addSql(`alter index "contacts_${column}_trgm" set (fastupdate = on);`);
    }
  }

  override down(): void | Promise<void> {
    for (const column of ['name', 'email', 'company']) {
      this.addSql(`alter index "contacts_${column}_trgm" set (fastupdate = off);`);
    }
  }
}
