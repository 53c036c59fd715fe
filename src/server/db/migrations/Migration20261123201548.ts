import { Migration } from '@mikro-orm/migrations';

// Enum columns (issue 9): each status, role, type, priority, severity and scope column accepts only
// the values of its shared constant, so the database refuses what the API would.

export class Migration20261123201548 extends Migration {
  override name = 'Migration20261123201548';

  override up(): void | Promise<void> {
    this.addSql(`alter table "campaigns" alter column "type" type text using ("type"::text);`);
    this.addSql(`alter table "campaigns" alter column "status" type text using ("status"::text);`);
    this.addSql(
      `alter table "campaigns" add constraint "campaigns_type_check" check ("type" in ('email', 'social', 'voice', 'content', 'other'));`,
    );
    this.addSql(
      `alter table "campaigns" add constraint "campaigns_status_check" check ("status" in ('draft', 'active', 'paused', 'completed'));`,
    );

    this.addSql(`alter table "contacts" alter column "status" type text using ("status"::text);`);
    this.addSql(
      `alter table "contacts" add constraint "contacts_status_check" check ("status" in ('new', 'contacted', 'qualified', 'converted'));`,
    );

    this.addSql(
      `alter table "security_events" alter column "type" type text using ("type"::text);`,
    );
    this.addSql(
      `alter table "security_events" alter column "scope" type text using ("scope"::text);`,
    );
    this.addSql(
      `alter table "security_events" alter column "severity" type text using ("severity"::text);`,
    );
    this.addSql(
      `alter table "security_events" add constraint "security_events_type_check" check ("type" in ('honeypot_triggered', 'bot_detected', 'rate_limit', 'suspicious_submission'));`,
    );
    this.addSql(
      `alter table "security_events" add constraint "security_events_scope_check" check ("scope" in ('contact_form', 'login'));`,
    );
    this.addSql(
      `alter table "security_events" add constraint "security_events_severity_check" check ("severity" in ('high', 'medium', 'low'));`,
    );

    this.addSql(
      `alter table "service_inquiries" alter column "priority" type text using ("priority"::text);`,
    );
    this.addSql(
      `alter table "service_inquiries" add constraint "service_inquiries_priority_check" check ("priority" in ('high', 'medium', 'low'));`,
    );

    this.addSql(`alter table "users" alter column "role" type text using ("role"::text);`);
    this.addSql(
      `alter table "users" add constraint "users_role_check" check ("role" in ('admin', 'user'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "campaigns" drop constraint "campaigns_type_check";`);
    this.addSql(`alter table "campaigns" drop constraint "campaigns_status_check";`);
    this.addSql(
      `alter table "campaigns" alter column "type" type varchar(50) using ("type"::varchar(50));`,
    );
    this.addSql(
      `alter table "campaigns" alter column "status" type varchar(20) using ("status"::varchar(20));`,
    );

    this.addSql(`alter table "contacts" drop constraint "contacts_status_check";`);
    this.addSql(
      `alter table "contacts" alter column "status" type varchar(20) using ("status"::varchar(20));`,
    );

    this.addSql(`alter table "security_events" drop constraint "security_events_type_check";`);
    this.addSql(`alter table "security_events" drop constraint "security_events_scope_check";`);
    this.addSql(`alter table "security_events" drop constraint "security_events_severity_check";`);
    this.addSql(
      `alter table "security_events" alter column "type" type varchar(40) using ("type"::varchar(40));`,
    );
    this.addSql(
      `alter table "security_events" alter column "scope" type varchar(20) using ("scope"::varchar(20));`,
    );
    this.addSql(
      `alter table "security_events" alter column "severity" type varchar(10) using ("severity"::varchar(10));`,
    );

    this.addSql(
      `alter table "service_inquiries" drop constraint "service_inquiries_priority_check";`,
    );
    this.addSql(
      `alter table "service_inquiries" alter column "priority" type varchar(20) using ("priority"::varchar(20));`,
    );

    this.addSql(`alter table "users" drop constraint "users_role_check";`);
    this.addSql(
      `alter table "users" alter column "role" type varchar(20) using ("role"::varchar(20));`,
    );
  }
}
