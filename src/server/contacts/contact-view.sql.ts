import { SQL_ISO_FORMAT } from '../db/sql-format';
import { CONTACT_COLUMNS, type ContactColumn } from './contact-columns';

/** A column's value as the API answers it: timestamps as Date#toISOString writes them, in UTC. */
const value = ({ column, timestamp }: ContactColumn) =>
  timestamp ? `to_char(${column} at time zone 'utc', ${SQL_ISO_FORMAT})` : column;

/** The select list: each field by its name; a nested field's parts as one JSON object. */
function selectList(): string {
  const items: string[] = [];
  const seen = new Set<string>();
  for (const c of CONTACT_COLUMNS) {
    if (!c.nested) {
      items.push(`${value(c)} as "${c.field}"`);
      continue;
    }
    if (seen.has(c.nested.field)) continue;
    seen.add(c.nested.field);
    const parts = CONTACT_COLUMNS.filter((p) => p.nested?.field === c.nested!.field);
    const pairs = parts.map((p) => `'${p.nested!.part}', ${value(p)}`).join(', ');
    items.push(`json_build_object(${pairs}) as "${c.nested.field}"`);
  }
  return items.join(', ');
}

/** `select` of the contacts in the API's shape. */
export const CONTACT_VIEW_SELECT = `select ${selectList()} from contacts`;
