import type { TContact } from '../../shared/contacts.schema';
import { CONTACT_COLUMNS } from './contact-columns';
import type { IContact } from './contact.entity';

/** Plain data for the wire, field by field from the one list: ISO dates, ids for relations. */
export function toContactView(contact: IContact): TContact {
  const entity = contact as unknown as Record<string, unknown>;
  const view: Record<string, unknown> = {};
  for (const { field, property, timestamp, relation, nested } of CONTACT_COLUMNS) {
    const raw = entity[property];
    let value: unknown = raw ?? null;
    if (raw !== null && raw !== undefined) {
      if (relation) value = (raw as { id: number }).id;
      else if (timestamp) value = (raw as Date).toISOString();
    }
    if (!nested) view[field] = value;
    else ((view[nested.field] ??= {}) as Record<string, unknown>)[nested.part] = value;
  }
  return view as TContact;
}
