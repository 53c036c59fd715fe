// The proof of an erasure: a lead with distinctive values goes through the product (the form, a
// note, the alert and the auto-reply sent over SMTP, a webhook delivered, a booked call with its
// invitations, a quarantined second submission, an import error row), is erased, and then a
// full data dump of the database (`pg_dump --data-only`) holds none of its values, nor did the
// server's log. A backup taken before the erasure, restored, is erased again by the reapply.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { afterAll, describe, expect, it } from 'vitest';
import { ormOptions } from '../../../mikro-orm.config';
import type { TErasureResult } from '../../shared/privacy.schema';
import { bookTomorrow } from '../booking/booking-test-support';
import { createLogger } from '../logger';
import { BROWSER_HEADERS, relaxContactProtections } from '../form-guard/contact-form-test-support';
import { createDatabase, dropDatabase } from '../test/pg-admin';
import { startSmtpInbox } from '../test/smtp-inbox';
import { until } from '../test/until';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { startReceiver } from '../webhooks/test-receiver';
import { reapplyErasures } from './erasure-reapply.service';

const inbox = await startSmtpInbox();
const receiver = await startReceiver();
const work = mkdtempSync(join(tmpdir(), 'convoza-erasure-dump-'));
// Registered before the app's, so they run after it closed (its SMTP pool let go).
afterAll(async () => {
  await inbox.close();
  await receiver.close();
  rmSync(work, { recursive: true, force: true });
});
const logged: string[] = [];
const t = useTestApp({
  smtpUrl: inbox.url,
  webhooks: {},
  jobs: true,
  log: createLogger(
    'debug',
    'json',
    new Writable({ write: (chunk, _encoding, done) => (logged.push(String(chunk)), done()) }),
  ),
});
const admin = useSignedIn(t, 'admin');

const PERSON = {
  name: 'Xylia Quorndon-Vesper',
  email: 'Xylia.QV.7731@dumptest.example',
  company: 'Vesperine Widgets',
  phone: '+44 7700 900731',
  message: 'Ask about the zebrafish pilot 7731',
};
/** What must not survive, as it may be written anywhere (lower case; the phone's digits). */
const VALUES = [
  'xylia',
  'quorndon',
  'xylia.qv.7731@dumptest.example',
  'vesperine',
  '7700 900731',
  '7700900731',
  'zebrafish',
  'hummingbird-note',
];

const dump = (url: string, ...args: string[]) =>
  execFileSync('pg_dump', [...args, '--no-owner', `--dbname=${url}`], {
    maxBuffer: 512 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
/** The values as the product stores them (the digits-only phone is looked for in case). */
const STORED = VALUES.filter((v) => v !== '7700900731');
const leftIn = (text: string) => VALUES.filter((v) => text.toLowerCase().includes(v));

async function submit(body: object) {
  const res = await fetch(`${t.url}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { contact?: { id: number } };
}

/** The lead's whole journey through the product. */
async function leadWithEverything() {
  await relaxContactProtections(t.db.em(), { suspiciousContentFiltering: true });
  await admin.rest('PUT', '/notifications/settings', {
    ...(await admin.rest<object>('GET', '/notifications/settings')).body,
    alertRecipients: ['sales@convoza.test'],
    autoReplyEnabled: true,
  });
  await admin.rest('POST', '/webhooks', {
    url: receiver.url,
    events: ['contact.created', 'booking.created'],
  });
  const id = (await submit(PERSON)).contact!.id;
  await admin.rest('POST', `/contacts/${id}/notes`, { body: 'Loves the hummingbird-note plan' });
  await bookTomorrow(t, admin, id);
  // A second submission with a link in the company field waits in quarantine.
  await submit({ ...PERSON, company: 'https://vesperine.example/widgets' });
  // An import whose row for the person is refused: an error row.
  const imported = await admin.fetch('/api/contacts/import', {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: `name,email,phone,status\n${PERSON.name},${PERSON.email},${PERSON.phone},bogus\n`,
  });
  expect(imported.status).toBe(202);
  const sql = (q: string) => t.db.em().getConnection().execute<{ n: number }[]>(q);
  await until('the import error row', async () =>
    (await sql('select count(*)::int as n from contact_import_errors'))[0]!.n ? true : undefined,
  );
  expect((await sql('select count(*)::int as n from quarantined_submissions'))[0]!.n).toBe(1);
  // The alert, the auto-reply and both invitations sent; the webhooks delivered.
  await inbox.waitFor(4);
  await until('two webhook deliveries', async () =>
    receiver.received.length >= 2 ? true : undefined,
  );
  return id;
}

/**
 * Why the dump cannot be taken here, if it cannot: pg_dump must be there and at least the
 * server's major version (the system PostgreSQL's client tools; the embedded fallback of a
 * machine without PostgreSQL ships no pg_dump).
 */
async function noDumpTool(): Promise<string | undefined> {
  let client: number;
  try {
    const out = execFileSync('pg_dump', ['--version']).toString();
    client = Number(/(\d+)\./.exec(out)?.[1]);
  } catch {
    return 'pg_dump is not installed (apt-get install postgresql-client)';
  }
  const [row] = await t.db
    .em()
    .getConnection()
    .execute<{ v: number }[]>(`select current_setting('server_version_num')::int / 10000 as v`);
  return client >= row!.v ? undefined : `pg_dump ${client} cannot dump PostgreSQL ${row!.v}`;
}

describe('an erasure, proven on the database', () => {
  it('leaves none of the values in a data-only dump or the log; a restored backup is erased again', async (test) => {
    const missing = await noDumpTool();
    if (missing) {
      console.warn(`skipped: ${missing}`);
      test.skip();
    }
    await leadWithEverything();
    const before = dump(t.db.url, '--data-only').toString('utf8');
    expect(leftIn(before)).toEqual(STORED);
    const backup = join(work, 'before-erasure.dump');
    dump(t.db.url, '--format=custom', `--file=${backup}`);

    const erased = await admin.rest<TErasureResult>('POST', '/privacy/erasures', {
      email: PERSON.email,
      reason: 'Asked in writing',
    });
    expect(erased.status).toBe(200);
    expect(erased.body.counts).toMatchObject({ contacts: 1, bookings: 1, quarantined: 1 });
    expect(leftIn(dump(t.db.url, '--data-only').toString('utf8'))).toEqual([]);
    expect(leftIn(logged.join(''))).toEqual([]);
    expect(logged.length).toBeGreaterThan(10);

    // The backup, restored to a database of its own: the person is back until the reapply.
    const restoredName = `convoza_restore_${Date.now().toString(36)}`;
    const restoredUrl = await createDatabase(restoredName);
    try {
      execFileSync('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, backup]);
      expect(leftIn(dump(restoredUrl, '--data-only').toString('utf8'))).toEqual(STORED);
      const orm = await MikroORM.init(ormOptions(restoredUrl));
      try {
        const outcome = await reapplyErasures(orm.em.fork() as EntityManager, t.deps.privacy);
        expect(outcome).toMatchObject({ hashes: 1, addresses: 1, counts: { contacts: 1 } });
      } finally {
        await orm.close(true);
      }
      expect(leftIn(dump(restoredUrl, '--data-only').toString('utf8'))).toEqual([]);
    } finally {
      await dropDatabase(restoredName);
    }
  });
});
