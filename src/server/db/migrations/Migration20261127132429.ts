import { Migration } from '@mikro-orm/migrations';

export class Migration20261127132429 extends Migration {
  override name = 'Migration20261127132429';

  override up(): void | Promise<void> {
    this.addSql(`alter table "contact_imports" add "mapping" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "contact_imports" drop column "mapping";`);
  }
}
