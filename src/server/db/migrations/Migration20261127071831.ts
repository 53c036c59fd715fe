import { Migration } from '@mikro-orm/migrations';

export class Migration20261127071831 extends Migration {
  override name = 'Migration20261127071831';

  override up(): void | Promise<void> {
    this.addSql(`alter table "contacts" add "job_title" varchar(200) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "contacts" drop column "job_title";`);
  }
}
