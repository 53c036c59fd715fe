import type { EntityManager } from '@mikro-orm/postgresql';
import { typedSql } from '../db/typed-sql';
import { CONTACT_COLUMNS } from './contact-columns';
import { Contact, type IContact } from './contact.entity';

/** What a new contact writes: every API field's column but the id, which the insert gives. */
const WRITTEN = CONTACT_COLUMNS.filter((c) => c.property !== 'id');

/** A new contact as its properties (the entity's names), the owner as a reference or null. */
export type NewContact = Omit<IContact, 'id'>;

/**
 * Inserts contacts in one statement, past the unit of work (nothing tracks them afterwards),
 * and answers their ids in order. The columns come from the one list (contact-columns.ts).
 */
export async function insertContactRows(
  em: EntityManager,
  contacts: readonly NewContact[],
): Promise<number[]> {
  if (!contacts.length) return [];
  const rows = contacts.map((contact) => {
    const values = contact as unknown as Record<string, unknown>;
    return Object.fromEntries(
      WRITTEN.map(({ column, property, relation }) => {
        const value = values[property] ?? null;
        return [column, relation && value !== null ? (value as { id: number }).id : value];
      }),
    );
  });
  const inserted = await typedSql(em, [Contact])
    .insertInto('contacts')
    // The row's columns are derived from the list above, so the builder cannot check them here;
    // contact-columns.test.ts writes every field through this path.
    .values(rows as never)
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}
