import { Migration } from '@mikro-orm/migrations';

export class Migration20261127194748 extends Migration {
  override name = 'Migration20261127194748';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "contacts" add "consent_notice_version" int null, add "marketing_opt_in" boolean not null default false, add "consent_given_at" timestamptz null;`,
    );
    this.addSql(
      `create index "contacts_marketing_opt_in_index" on "contacts" ("id") where "marketing_opt_in";`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "contacts_marketing_opt_in_index";`);
    this.addSql(
      `alter table "contacts" drop column "consent_notice_version", drop column "marketing_opt_in", drop column "consent_given_at";`,
    );
  }
}
