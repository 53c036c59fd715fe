// The contact's API fields (CONTACT_FIELDS, from the shared schema) and the CSV import's fields,
// mapped onto the columns the entity declares: every SQL text that reads or writes contacts'
// fields is built from these lists, so a field is added in the entity and the schema only.
import { CSV_IMPORT_FIELDS } from '../../shared/contact-csv.schema';
import { CONTACT_FIELDS, type TContact } from '../../shared/contacts.schema';
import { fieldColumns, type FieldColumn } from '../db/entity-columns';
import { Contact } from './contact.entity';

/** A column holding one part of a nested API field (e.g. `consent.marketingOptIn`). */
export interface ContactColumn extends FieldColumn {
  nested?: { field: keyof TContact; part: string };
}

/** The API's nested fields: each part is stored in a property (a column) of its own. */
const NESTED_FIELDS: Partial<Record<keyof TContact, Record<string, string>>> = {
  consent: {
    noticeVersion: 'consentNoticeVersion',
    marketingOptIn: 'marketingOptIn',
    givenAt: 'consentGivenAt',
  },
};

/**
 * Every field of the API's contact, with its column, in order; a nested field's parts one after
 * another, named by their property (also the CSV export's columns: a CSV has no nesting).
 */
export const CONTACT_COLUMNS = CONTACT_FIELDS.flatMap((field): ContactColumn[] => {
  const parts = NESTED_FIELDS[field];
  if (!parts) return fieldColumns(Contact, [field]);
  return Object.entries(parts).map(([part, property]) => ({
    ...fieldColumns(Contact, [property])[0]!,
    nested: { field, part },
  }));
});

/** What both CSV imports read and write, with its columns. */
export const IMPORT_COLUMNS = fieldColumns(Contact, CSV_IMPORT_FIELDS);

/** What the streamed import writes: those, and the owner a mapped column names. */
export const STREAMED_IMPORT_COLUMNS = fieldColumns(Contact, [...CSV_IMPORT_FIELDS, 'ownerId']);
