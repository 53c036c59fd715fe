import { sql, type Expression } from 'kysely';
import { SQL_ISO_FORMAT } from './sql-format';

/** A timestamp column as Date#toISOString writes it, in UTC (null stays null), for typedSql. */
export const isoText = <T extends string | null>(column: Expression<T>) =>
  sql<T>`to_char(${column} at time zone 'utc', ${sql.raw(SQL_ISO_FORMAT)})`;
