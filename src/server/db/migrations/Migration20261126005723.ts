import { Migration } from '@mikro-orm/migrations';

export class Migration20261126005723 extends Migration {
  override name = 'Migration20261126005723';

  override up(): void | Promise<void> {
    // Webhook endpoints may subscribe to booked, moved and cancelled calls.
    this.addSql(
      `alter table "webhook_deliveries" drop constraint "webhook_deliveries_event_check";`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_event_check" check ("event" in ('contact.created', 'contact.status_changed', 'booking.created', 'booking.rescheduled', 'booking.cancelled'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "webhook_deliveries" where "event" like 'booking.%';`);
    this.addSql(
      `alter table "webhook_deliveries" drop constraint "webhook_deliveries_event_check";`,
    );
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_event_check" check ("event" in ('contact.created', 'contact.status_changed'));`,
    );
  }
}
