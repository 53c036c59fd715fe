import { Migration } from '@mikro-orm/migrations';

/** When a user's password was last set: reset links asked for before it no longer work. */
export class Migration20261201235432 extends Migration {
  override name = 'Migration20261201235432';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add "password_changed_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop column "password_changed_at";`);
  }
}
