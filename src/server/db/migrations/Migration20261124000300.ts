import { Migration } from '@mikro-orm/migrations';

export class Migration20261124000300 extends Migration {
  override name = 'Migration20261124000300';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "contacts" add column "utm_source" varchar(200) null, add column "utm_medium" varchar(200) null, add column "utm_campaign" varchar(200) null, add column "utm_term" varchar(200) null, add column "utm_content" varchar(200) null, add column "referrer" varchar(2000) null, add column "landing_page" varchar(2000) null, add column "first_responded_at" timestamptz null;`,
    );
    this.addSql(`create index "contacts_utm_campaign_index" on "contacts" ("utm_campaign");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "contacts_utm_campaign_index";`);
    this.addSql(
      `alter table "contacts" drop column "utm_source", drop column "utm_medium", drop column "utm_campaign", drop column "utm_term", drop column "utm_content", drop column "referrer", drop column "landing_page", drop column "first_responded_at";`,
    );
  }
}
