import { Migration } from '@mikro-orm/migrations';

/** The site's booking caps (settings), refused bookings as security events. */
export class Migration20261127041637 extends Migration {
  override name = 'Migration20261127041637';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "booking_settings" add "max_bookings_per_hour" int not null default 20, add "max_bookings_per_day" int not null default 100;`,
    );

    this.addSql(`alter table "security_events" drop constraint "security_events_scope_check";`);
    this.addSql(`alter table "security_events" drop constraint "security_events_type_check";`);
    this.addSql(
      `alter table "security_events" add constraint "security_events_scope_check" check ("scope" in ('contact_form', 'login', 'booking'));`,
    );
    this.addSql(
      `alter table "security_events" add constraint "security_events_type_check" check ("type" in ('honeypot_triggered', 'bot_detected', 'rate_limit', 'suspicious_submission', 'verification_failed', 'booking_refused'));`,
    );

    this.addSql(`create index "bookings_created_at_index" on "bookings" ("created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "booking_settings" drop column "max_bookings_per_hour", drop column "max_bookings_per_day";`,
    );

    this.addSql(`drop index "bookings_created_at_index";`);

    this.addSql(`alter table "security_events" drop constraint "security_events_type_check";`);
    this.addSql(`alter table "security_events" drop constraint "security_events_scope_check";`);
    this.addSql(
      `alter table "security_events" add constraint "security_events_type_check" check ("type" in ('honeypot_triggered', 'bot_detected', 'rate_limit', 'suspicious_submission', 'verification_failed'));`,
    );
    this.addSql(
      `alter table "security_events" add constraint "security_events_scope_check" check ("scope" in ('contact_form', 'login'));`,
    );
  }
}
