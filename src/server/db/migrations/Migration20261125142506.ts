import { Migration } from '@mikro-orm/migrations';

export class Migration20261125142506 extends Migration {
  override name = 'Migration20261125142506';

  override up(): void | Promise<void> {
    // Single-use second-factor sign-in challenges; wrong step-up answers in the security log.
    this.addSql(
      `create table "sign_in_challenges" ("id" varchar(64) not null, "user_id" int not null, "expires_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "sign_in_challenges_expires_at_index" on "sign_in_challenges" ("expires_at");`,
    );

    this.addSql(`alter table "security_events" drop constraint "security_events_type_check";`);
    this.addSql(
      `alter table "security_events" add constraint "security_events_type_check" check ("type" in ('honeypot_triggered', 'bot_detected', 'rate_limit', 'suspicious_submission', 'verification_failed'));`,
    );

    this.addSql(
      `alter table "sign_in_challenges" add constraint "sign_in_challenges_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "sign_in_challenges" cascade;`);
    this.addSql(`delete from "security_events" where "type" = 'verification_failed';`);
    this.addSql(`alter table "security_events" drop constraint "security_events_type_check";`);
    this.addSql(
      `alter table "security_events" add constraint "security_events_type_check" check ("type" in ('honeypot_triggered', 'bot_detected', 'rate_limit', 'suspicious_submission'));`,
    );
  }
}
