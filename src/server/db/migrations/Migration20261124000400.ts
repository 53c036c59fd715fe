import { Migration } from '@mikro-orm/migrations';

export class Migration20261124000400 extends Migration {
  override name = 'Migration20261124000400';

  override up(): void | Promise<void> {
    this.addSql(`alter table "campaigns" add column "utm_campaign" varchar(100) null;`);
    this.addSql(
      `alter table "campaigns" add constraint "campaigns_utm_campaign_unique" unique ("utm_campaign");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "campaigns" drop constraint "campaigns_utm_campaign_unique";`);
    this.addSql(`alter table "campaigns" drop column "utm_campaign";`);
  }
}
