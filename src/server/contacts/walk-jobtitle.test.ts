import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CONTACT_FIELDS, type TContact } from '../../shared/contacts.schema';
import { BROWSER_HEADERS } from '../test/contact-form-support';
import { startReceiver } from '../webhooks/test-receiver';

describe('a field added to the entity and the shared schema only', () => {
  it('is taken by the API and both CSV imports, and answered by the API, the list, the export and the webhooks', async () => {
    const receiver = await startReceiver();
    const { startTestApp } = await import('../test/test-app');
    const { relaxContactProtections } = await import('../test/contact-form-support');
    const app = await startTestApp({ webhooks: {}, imports: true });
    await relaxContactProtections(app.db.em());
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
        body: JSON.stringify({ name: 'Ada', email: 'ada@x.io', message: 'Hi', jobTitle: 'api' }),
      });
      expect(created.status).toBe(200);
      const json = await me.rest('POST', '/contacts/import/csv', {
        csvData: 'name,email,jobTitle\nBob,bob@x.io,json import\n',
      });
      expect(json.status).toBe(200);
      const upload = await me.fetch('/api/contacts/import?mode=all_or_nothing', {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: 'name,email,JobTitle\nCy,cy@x.io,streamed import\n',
      });
      expect(upload.status).toBe(202);
      const { jobId } = (await upload.json()) as { jobId: string };
      for (let i = 0; i < 400; i++) {
        const job = await me.rest<{ status: string }>('GET', `/contacts/imports/${jobId}`);
        if (job.body.status === 'done') break;
        expect(job.body.status).not.toBe('failed');
        await new Promise((r) => setTimeout(r, 100));
      }
      const doc = await (await me.fetch('/api/openapi.json')).text();
      console.info('openapi has jobTitle:', doc.includes('jobTitle'), doc.length);

      // Read: the list page, every contact, one contact (REST and tRPC), the export, the webhook.
      const notes = { 'ada@x.io': 'api', 'bob@x.io': 'json import', 'cy@x.io': 'streamed import' };
      const byEmail = (items: { email: string; jobTitle?: unknown }[]) =>
        Object.fromEntries(items.map((c) => [c.email, c.jobTitle]));
      const page = await me.rest<{ items: TContact[] }>('GET', '/contacts/search');
      expect(byEmail(page.body.items)).toEqual(notes);
      expect(Object.keys(page.body.items[0]!)).toEqual([...CONTACT_FIELDS]);
      expect(byEmail((await me.rest<TContact[]>('GET', '/contacts')).body)).toEqual(notes);
      const tRpcList = await me.trpc.admin.contacts.find.query({});
      expect(byEmail(tRpcList.items)).toEqual(notes);
      const bob = page.body.items.find((c) => c.email === 'bob@x.io')!;
      expect((await me.rest('GET', `/contacts/${bob.id}`)).body).toMatchObject({
        jobTitle: 'json import',
      });
      expect(await me.trpc.admin.contacts.get.query({ id: bob.id })).toMatchObject({
        jobTitle: 'json import',
      });
      const csv = await (await me.fetch('/api/contacts/export/csv')).text();
      expect(csv.split('\n')[0]).toBe([...CONTACT_FIELDS].join(','));
      expect(csv).toContain(',streamed import,');
      console.info(csv);
      const [delivered] = await receiver.waitFor(1);
      expect(JSON.parse(delivered!.body)).toMatchObject({
        type: 'contact.created',
        data: { contact: { email: 'ada@x.io', jobTitle: 'api' } },
      });
    } finally {
      await pool.end();
      await app.close();
      await receiver.close();
    }
  }, 120_000);
});
