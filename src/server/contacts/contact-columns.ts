// The contact's API fields (CONTACT_FIELDS, from the shared schema) and the CSV import's fields,
// mapped onto the columns the entity declares: every SQL text that reads or writes contacts'
// fields is built from these lists, so a field is added in the entity and the schema only.
import { CSV_IMPORT_FIELDS } from '../../shared/contact-csv.schema';
import { CONTACT_FIELDS } from '../../shared/contacts.schema';
import { fieldColumns } from '../db/entity-columns';
import { Contact } from './contact.entity';

/** Every field of the API's contact, with its column (also the CSV export's columns, in order). */
export const CONTACT_COLUMNS = fieldColumns(Contact, CONTACT_FIELDS);

/** What both CSV imports read and write, with its columns. */
export const IMPORT_COLUMNS = fieldColumns(Contact, CSV_IMPORT_FIELDS);

/** What the streamed import writes: those, and the owner a mapped column names. */
export const STREAMED_IMPORT_COLUMNS = fieldColumns(Contact, [...CSV_IMPORT_FIELDS, 'ownerId']);
