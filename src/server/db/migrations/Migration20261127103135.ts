import { Migration } from '@mikro-orm/migrations';

export class Migration20261127103135 extends Migration {
  override name = 'Migration20261127103135';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "contact_activities" drop constraint "contact_activities_type_check";`,
    );
    this.addSql(
      `alter table "contact_activities" add constraint "contact_activities_type_check" check ("type" in ('fields_changed', 'status_changed', 'owner_changed', 'note', 'booking_created', 'booking_rescheduled', 'booking_cancelled', 'call_outcome', 'task_created', 'task_done', 'task_reassigned'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "contact_activities" drop constraint "contact_activities_type_check";`,
    );
    this.addSql(
      `alter table "contact_activities" add constraint "contact_activities_type_check" check ("type" in ('fields_changed', 'status_changed', 'owner_changed', 'note', 'booking_created', 'booking_rescheduled', 'booking_cancelled', 'task_created', 'task_done', 'task_reassigned'));`,
    );
  }
}
