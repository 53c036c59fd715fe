import { Migration } from '@mikro-orm/migrations';

export class Migration20261127234231 extends Migration {
  override name = 'Migration20261127234231';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "audit_log_entity_index" on "audit_log" ("entity_type", "entity_id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "audit_log_entity_index";`);
  }
}
