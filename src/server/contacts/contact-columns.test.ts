// A contact's fields are listed once (ZContact in src/shared) and its columns once (the entity);
// the list pages' rows, the view of an entity, the CSV export's header and the import's columns
// are derived from those two. This test fails when any of them disagree.
import { describe, expect, it } from 'vitest';
import { CSV_IMPORT_FIELDS } from '../../shared/contact-csv.schema';
import { CONTACT_FIELDS, ZContact, type TContact } from '../../shared/contacts.schema';
import { fieldColumns } from '../db/entity-columns';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { CONTACT_COLUMNS, IMPORT_COLUMNS } from './contact-columns';
import { Contact } from './contact.entity';
import { EXPORT_HEADER } from './contacts-export-copy.sql';

const t = useTestApp();
const admin = useSignedIn(t, 'admin');

describe('the contact, field by field', () => {
  it('has one column in the entity for every field of the shared schema, in its order', () => {
    expect(CONTACT_COLUMNS.map((c) => c.field)).toEqual(Object.keys(ZContact.shape));
    expect(CONTACT_COLUMNS.find((c) => c.field === 'ownerId')).toMatchObject({
      column: 'owner_id',
      relation: true,
    });
    expect(CONTACT_COLUMNS.filter((c) => c.timestamp).map((c) => c.field)).toEqual([
      'createdAt',
      'updatedAt',
      'firstRespondedAt',
    ]);
    expect(IMPORT_COLUMNS.map((c) => c.field)).toEqual(CSV_IMPORT_FIELDS);
  });

  it('refuses a field the entity lacks (the schema and the table disagree)', () => {
    expect(() => fieldColumns(Contact, [...CONTACT_FIELDS, 'jobTitle'])).toThrow(
      'Contact has no property for the field "jobTitle"',
    );
  });

  it('answers the same fields from the list rows, the entity view and the CSV export', async () => {
    await admin.rest('POST', '/contacts/import/csv', {
      csvData: 'name,email,company,status\nAda,ada@x.io,Acme,qualified\n',
    });
    const fields = [...CONTACT_FIELDS];
    // List rows: plain SQL built from the field list.
    const page = await admin.rest<{ items: TContact[] }>('GET', '/contacts/search');
    expect(Object.keys(page.body.items[0]!)).toEqual(fields);
    // The entity's view (a status change answers the contact through the ORM).
    const id = page.body.items[0]!.id;
    const viewed = await admin.rest<TContact>('PATCH', `/contacts/${id}/status`, { status: 'new' });
    expect(Object.keys(viewed.body)).toEqual(fields);
    expect(ZContact.parse(viewed.body)).toEqual(viewed.body);
    // The CSV export's header.
    const csv = await (await admin.fetch('/api/contacts/export/csv')).text();
    expect(csv.split('\n')[0]).toBe(fields.join(','));
    expect(EXPORT_HEADER).toBe(`${fields.join(',')}\n`);
  });
});
