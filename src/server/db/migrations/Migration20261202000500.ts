import { Migration } from '@mikro-orm/migrations';

/**
 * Zones are now accepted only when PostgreSQL knows them too (db/time-zones.sql.ts). One stored
 * before that the database does not know made every read that used it fail: the company's and a
 * host's fall back to UTC, a user's and a booking's to none (detected again at sign-in).
 */
export class Migration20261202000500 extends Migration {
  override name = 'Migration20261202000500';

  override up(): void | Promise<void> {
    const unknown = (column: string) =>
      `${column} is not null and lower(${column}) not in (select lower(name) from pg_timezone_names)`;
    this.addSql(
      `update "organization_settings" set "time_zone" = 'UTC' where ${unknown('"time_zone"')};`,
    );
    this.addSql(
      `update "user_availability" set "time_zone" = 'UTC' where ${unknown('"time_zone"')};`,
    );
    this.addSql(`update "users" set "time_zone" = null where ${unknown('"time_zone"')};`);
    this.addSql(`update "bookings" set "time_zone" = null where ${unknown('"time_zone"')};`);
  }

  override down(): void | Promise<void> {}
}
