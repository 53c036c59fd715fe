import type { TContact } from '../../shared/contacts.schema';
import { CONTACT_COLUMNS } from './contact-columns';
import type { IContact } from './contact.entity';

/** Plain data for the wire, field by field from the one list: ISO dates, ids for relations. */
export function toContactView(contact: IContact): TContact {
  const entity = contact as unknown as Record<string, unknown>;
  return Object.fromEntries(
    CONTACT_COLUMNS.map(({ field, property, timestamp, relation }) => {
      const value = entity[property];
      if (value === null || value === undefined) return [field, null];
      if (relation) return [field, (value as { id: number }).id];
      return [field, timestamp ? (value as Date).toISOString() : value];
    }),
  ) as TContact;
}
