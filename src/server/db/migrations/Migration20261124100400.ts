import { Migration } from '@mikro-orm/migrations';

export class Migration20261124100400 extends Migration {
  override name = 'Migration20261124100400';

  override up(): void | Promise<void> {
    this.addSql(`alter table "contacts" add column "owner_id" int null;`);
    // Whose turn it is: a sequence hands each concurrent lead its own number without a lock.
    this.addSql(`create sequence "lead_routing_turn";`);
    this.addSql(
      `alter table "contacts" add constraint "contacts_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(`create index "contacts_owner_id_index" on "contacts" ("owner_id");`);
    this.addSql(
      `create table "lead_routing_members" ("user_id" int not null, primary key ("user_id"));`,
    );
    this.addSql(
      `alter table "lead_routing_members" add constraint "lead_routing_members_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "lead_routing_members" cascade;`);
    this.addSql(`drop sequence if exists "lead_routing_turn";`);
    this.addSql(`alter table "contacts" drop constraint "contacts_owner_id_foreign";`);
    this.addSql(`drop index "contacts_owner_id_index";`);
    this.addSql(`alter table "contacts" drop column "owner_id";`);
  }
}
