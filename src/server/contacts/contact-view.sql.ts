import { SQL_ISO_FORMAT } from '../db/sql-format';
import { CONTACT_COLUMNS } from './contact-columns';

/** `select` of the contacts in the API's shape; timestamps as Date#toISOString writes them, in UTC. */
export const CONTACT_VIEW_SELECT = `select ${CONTACT_COLUMNS.map(({ field, column, timestamp }) =>
  timestamp
    ? `to_char(${column} at time zone 'utc', ${SQL_ISO_FORMAT}) as "${field}"`
    : `${column} as "${field}"`,
).join(', ')} from contacts`;
