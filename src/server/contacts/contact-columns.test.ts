// A contact's fields are listed once (ZContact in src/shared) and its columns once (the entity);
// the list pages' rows, the view of an entity, the CSV export's header and the import's columns
// are derived from those two. This test fails when any of them disagree, and shows a field added
// to those two alone going everywhere a contact goes.
import type { EntitySchema } from '@mikro-orm/core';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CSV_IMPORT_FIELDS } from '../../shared/contact-csv.schema';
import { CONTACT_FIELDS, ZContact, type TContact } from '../../shared/contacts.schema';
import { fieldColumns } from '../db/entity-columns';
import { BROWSER_HEADERS } from '../form-guard/contact-form-test-support';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { startReceiver } from '../webhooks/test-receiver';
import { CONTACT_COLUMNS, IMPORT_COLUMNS } from './contact-columns';
import { Contact } from './contact.entity';
import { EXPORT_HEADER } from './contacts-export-copy.sql';
import { optionalText } from '../../shared/text.schema';

const t = useTestApp();
const admin = useSignedIn(t, 'admin');

describe('the contact, field by field', () => {
  it('has one column in the entity for every field of the shared schema, in its order', () => {
    // A nested field (the consent) is a column per part, in a row.
    const apiFields = [...new Set(CONTACT_COLUMNS.map((c) => c.nested?.field ?? c.field))];
    expect(apiFields).toEqual(Object.keys(ZContact.shape));
    expect(CONTACT_COLUMNS.filter((c) => c.nested).map((c) => [c.nested!.part, c.column])).toEqual([
      ['noticeVersion', 'consent_notice_version'],
      ['marketingOptIn', 'marketing_opt_in'],
      ['givenAt', 'consent_given_at'],
    ]);
    expect(CONTACT_COLUMNS.find((c) => c.field === 'ownerId')).toMatchObject({
      column: 'owner_id',
      relation: true,
    });
    expect(CONTACT_COLUMNS.filter((c) => c.timestamp).map((c) => c.field)).toEqual([
      'createdAt',
      'updatedAt',
      'firstRespondedAt',
      'consentGivenAt',
    ]);
    expect(IMPORT_COLUMNS.map((c) => c.field)).toEqual(CSV_IMPORT_FIELDS);
  });

  it('refuses a field the entity lacks (the schema and the table disagree)', () => {
    // Not jobTitle, the README's example: a field added by the README must not fail this test.
    expect(() => fieldColumns(Contact, ['name', 'email', 'noSuchField'])).toThrow(
      'Contact has no property for the field "noSuchField"',
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
    // The CSV export's header: the same fields, a nested one as its parts' columns.
    const columns = fields.flatMap((f) =>
      f === 'consent' ? ['consentNoticeVersion', 'marketingOptIn', 'consentGivenAt'] : [f],
    );
    const csv = await (await admin.fetch('/api/contacts/export/csv')).text();
    expect(csv.split('\n')[0]).toBe(columns.join(','));
    expect(EXPORT_HEADER).toBe(`${columns.join(',')}\n`);
  });
});

/**
 * The app loaded afresh with one more contact field, added only where a new field is written
 * (the shared shapes and the entity) and as a column of its own database; the rest of this file
 * keeps the real contact. The streamed import's function is loaded the same way: the app runs it
 * in a child process, which no mock reaches, so the test runs it here on the queued import.
 */
async function appWithScratchField() {
  vi.resetModules();
  vi.doMock('../../shared/contact-fields', async (importOriginal) => {
    const real = await importOriginal<typeof import('../../shared/contact-fields')>();
    return {
      ...real,
      CONTACT_CREATE_SHAPE: { ...real.CONTACT_CREATE_SHAPE, scratchNote: optionalText(200) },
      CONTACT_SHAPE: { ...real.CONTACT_SHAPE, scratchNote: z.string().nullable() },
    };
  });
  vi.doMock('./contact.entity', async (importOriginal) => {
    const real = await importOriginal<typeof import('./contact.entity')>();
    // Untyped: the entity's type knows only its real properties.
    const schema = real.Contact as unknown as EntitySchema;
    schema.addProperty('scratchNote', 'string', { length: 200, nullable: true });
    return real;
  });
  try {
    const { startTestApp } = await import('../test-app');
    const { runContactImport } = await import('../contact-imports/import-run');
    const { relaxContactProtections } = await import('../form-guard/contact-form-test-support');
    const app = await startTestApp({ webhooks: {} });
    await app.db.em().execute('alter table contacts add column scratch_note varchar(200)');
    // Entities of the fresh modules: those of this file's imports are another app's.
    await relaxContactProtections(app.db.em());
    return { app, runContactImport };
  } finally {
    vi.doUnmock('../../shared/contact-fields');
    vi.doUnmock('./contact.entity');
    vi.resetModules();
  }
}

describe('a field added to the entity and the shared schema only', () => {
  it('is taken by the API and both CSV imports, and answered by the API, the list, the export and the webhooks', async () => {
    const receiver = await startReceiver();
    const { app, runContactImport } = await appWithScratchField();
    const pool = new pg.Pool({ connectionString: app.db.url, max: 2 });
    try {
      const me = await app.signedIn('admin');
      const hook = await me.rest('POST', '/webhooks', {
        url: receiver.url,
        events: ['contact.created'],
      });
      expect(hook.status).toBe(200);

      // Written: the website form / API, the JSON import, the streamed import.
      const created = await fetch(`${app.url}/api/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
        body: JSON.stringify({ name: 'Ada', email: 'ada@x.io', message: 'Hi', scratchNote: 'api' }),
      });
      expect(created.status).toBe(200);
      const json = await me.rest('POST', '/contacts/import/csv', {
        csvData: 'name,email,scratchNote\nBob,bob@x.io,json import\n',
      });
      expect(json.status).toBe(200);
      const upload = await me.fetch('/api/contacts/import?mode=all_or_nothing', {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: 'name,email,ScratchNote\nCy,cy@x.io,streamed import\n',
      });
      expect(upload.status).toBe(202);
      await runContactImport(pool, ((await upload.json()) as { jobId: string }).jobId);

      // Read: the list page, every contact, one contact (REST and tRPC), the export, the webhook.
      const notes = { 'ada@x.io': 'api', 'bob@x.io': 'json import', 'cy@x.io': 'streamed import' };
      const byEmail = (items: { email: string; scratchNote?: unknown }[]) =>
        Object.fromEntries(items.map((c) => [c.email, c.scratchNote]));
      const page = await me.rest<{ items: TContact[] }>('GET', '/contacts/search');
      expect(byEmail(page.body.items)).toEqual(notes);
      expect(Object.keys(page.body.items[0]!)).toEqual([...CONTACT_FIELDS, 'scratchNote']);
      expect(byEmail((await me.rest<TContact[]>('GET', '/contacts')).body)).toEqual(notes);
      const tRpcList = await me.trpc.admin.contacts.find.query({});
      expect(byEmail(tRpcList.items)).toEqual(notes);
      const bob = page.body.items.find((c) => c.email === 'bob@x.io')!;
      expect((await me.rest('GET', `/contacts/${bob.id}`)).body).toMatchObject({
        scratchNote: 'json import',
      });
      expect(await me.trpc.admin.contacts.get.query({ id: bob.id })).toMatchObject({
        scratchNote: 'json import',
      });
      const csv = await (await me.fetch('/api/contacts/export/csv')).text();
      expect(csv.split('\n')[0]).toBe(
        [...EXPORT_HEADER.trim().split(','), 'scratchNote'].join(','),
      );
      expect(csv).toContain(',streamed import\n');
      const [delivered] = await receiver.waitFor(1);
      expect(JSON.parse(delivered!.body)).toMatchObject({
        type: 'contact.created',
        data: { contact: { email: 'ada@x.io', scratchNote: 'api' } },
      });
    } finally {
      await pool.end();
      await app.close();
      await receiver.close();
    }
  }, 120_000);
});
