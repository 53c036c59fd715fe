import { Migration } from '@mikro-orm/migrations';

/** Webhook event types are the features' (their registrations): a new one needs no migration. */
export class Migration20261202014207 extends Migration {
  override name = 'Migration20261202014207';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "webhook_deliveries" drop constraint "webhook_deliveries_event_check";`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "webhook_deliveries" add constraint "webhook_deliveries_event_check" check ("event" in ('contact.created', 'contact.status_changed', 'booking.created', 'booking.rescheduled', 'booking.cancelled', 'contact.erased'));`,
    );
  }
}
