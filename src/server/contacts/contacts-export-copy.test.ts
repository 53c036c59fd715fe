// GET /api/contacts/export/csv through PostgreSQL's COPY: the same bytes as the export it
// replaced (cells formatted in JavaScript), the filter inlined safely and matching the list's
// search, and a pool connection that is never lost (client gone, slow client, COPY failing).
import { get, type ClientRequest, type IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { sql as sqlTag } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TContactPage } from '../../shared/contacts.schema';
import { SQL_ISO_FORMAT } from '../db/sql-format';
import { seedManyContacts } from '../test/export-measure';
import type { TestApp } from '../test-app';
import { useSignedIn, useTestApp, type SignedInClient } from '../test/use-test-app';
import { csvField, CSV_COLUMNS, neutraliseFormula, restoreFormula } from './contacts.csv';
import {
  copyContactsCsv,
  inlineSql,
  MAX_CONCURRENT_EXPORTS,
  sqlLiteral,
} from './contacts-export-copy.sql';

const sqlOn = (t: TestApp) =>
  async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []) {
    return t.db.em().getConnection().execute<T[]>(text, params);
  };

/** Connections of the app's pool that are checked out (0 once every export let go of its own). */
async function checkedOut(t: TestApp): Promise<number> {
  const pool = await t.db.orm.em.getConnection().getNativeClient();
  return pool.totalCount - pool.idleCount;
}

async function until(what: string, check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The export's COPYs running on the test database, with what each waits for. */
const copiesRunning = (t: TestApp) =>
  sqlOn(t)<{ pid: number; wait_event: string | null }>(
    `select pid, wait_event from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query like 'copy (select id, name,%'`,
  );

describe('sqlLiteral / inlineSql (COPY takes no bind parameters)', () => {
  it('quotes text as PostgreSQL reads it back: quotes doubled, backslashes in an E string', () => {
    expect(sqlLiteral("'; drop table contacts; --")).toBe("'''; drop table contacts; --'");
    expect(sqlLiteral('c:\\temp')).toBe(" E'c:\\\\temp'");
    expect(sqlLiteral(42)).toBe('42');
    expect(sqlLiteral([3, 1, 2])).toBe("'{3,1,2}'");
  });

  it('refuses what it cannot write safely rather than guessing', () => {
    for (const bad of [1.5, NaN, 2 ** 60, '1\u0000', null, undefined, true, {}, ['1'], [1.5]])
      expect(() => sqlLiteral(bad)).toThrow();
    expect(() => inlineSql(sqlTag`a = ${1.5}`)).toThrow();
  });

  it('replaces each placeholder by its own value, never one inside a value', () => {
    expect(inlineSql(sqlTag`name ilike ${'%$2?%'} and id = ${7}`)).toBe(
      "name ilike '%$2?%' and id = 7",
    );
    expect(inlineSql(sqlTag`id = any(${[3, 1]}::int[]) or id = ${3}`)).toBe(
      "id = any('{3,1}'::int[]) or id = 3",
    );
  });
});

describe('GET /api/contacts/export/csv (COPY)', () => {
  const t = useTestApp();
  const admin = useSignedIn(t, 'admin');
  const sql = sqlOn(t);

  /**
   * The file as the previous export wrote it: to_char timestamps and csvField per cell (null
   * empty), except that COPY writes an empty string as "" (both read back as '').
   */
  async function previousExport(): Promise<string> {
    const iso = (c: string) => `to_char(${c} at time zone 'utc', ${SQL_ISO_FORMAT})`;
    const rows = await sql<Record<string, string | number | null>>(
      `select id, name, email, company, phone, message, status, source, ${iso('created_at')} as "createdAt",
              ${iso('updated_at')} as "updatedAt", utm_source as "utmSource", utm_medium as "utmMedium",
              utm_campaign as "utmCampaign", utm_term as "utmTerm", utm_content as "utmContent", referrer,
              landing_page as "landingPage", ${iso('first_responded_at')} as "firstRespondedAt", owner_id as "ownerId",
              consent_notice_version as "consentNoticeVersion", marketing_opt_in::text as "marketingOptIn",
              ${iso('consent_given_at')} as "consentGivenAt"
         from contacts order by id`,
    );
    const field = (v: string | number | null) => (v === '' ? '""' : csvField(v));
    return [
      CSV_COLUMNS.join(','),
      ...rows.map((r) => CSV_COLUMNS.map((c) => field(r[c]!)).join(',')),
    ]
      .map((line) => `${line}\n`)
      .join('');
  }

  const exported = async (query = '') => {
    const res = await admin.fetch(`/api/contacts/export/csv${query}`);
    expect(res.status).toBe(200);
    return res.text();
  };

  const text = fc.oneof(
    fc.string({
      unit: fc.constantFrom(
        ...[';', '\t', '\r', '\n', '"', "'", '=', '+', '-', '@', ',', ' ', '\\', '.', 'a', 'Z'],
        ...['é', '€', '😀', '日'],
      ),
      maxLength: 15,
    }),
    fc.string({ unit: 'grapheme', maxLength: 15 }),
  );
  const contact = fc.record({
    name: text,
    email: text,
    company: fc.option(text),
    phone: fc.option(text),
    message: fc.option(text),
    source: text,
    utm: fc.option(text),
    referrer: fc.option(text),
    createdAt: fc.date({
      min: new Date('1990-01-01T00:00:00Z'),
      max: new Date('2090-01-01T00:00:00Z'),
      noInvalidDate: true,
    }),
    micros: fc.integer({ min: 0, max: 999 }),
    responded: fc.boolean(),
  });

  it('writes the bytes the previous export wrote, and the formula rule is neutraliseFormula on what PostgreSQL stored', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(contact, { minLength: 1, maxLength: 6 }), async (people) => {
        await sql('delete from contacts');
        for (const p of people) {
          await sql(
            `insert into contacts (name, email, company, phone, message, source, utm_source, utm_term, referrer,
                                   landing_page, created_at, updated_at, first_responded_at, owner_id)
             values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz + ? * interval '1 microsecond',
                     ?::timestamptz, case when ? then now() end, case when ? then ? end)`,
            [
              ...[p.name, p.email, p.company, p.phone, p.message, p.source, p.utm, p.utm],
              ...[p.referrer, p.referrer, p.createdAt.toISOString(), p.micros],
              ...[p.createdAt.toISOString(), p.responded, p.responded, admin.userId],
            ],
          );
        }
        const csv = await exported();
        expect(csv).toBe(await previousExport());
        const records = parse(csv, { columns: true }) as Record<string, string>[];
        expect(records.map((r) => [r.name, r.company, r.message])).toEqual(
          people.map((p) => [p.name, p.company ?? '', p.message ?? ''].map(neutraliseFormula)),
        );
        expect(records.map((r) => restoreFormula(r.referrer))).toEqual(
          people.map((p) => p.referrer ?? ''),
        );
      }),
      { numRuns: 40 },
    );
  });

  it('matches hostile search text literally, exactly as the list search does', async () => {
    const names = [
      "'; drop table contacts; --",
      "O'Brien",
      'c:\\temp\\',
      "back\\'slash",
      '50% off',
      'a_b',
      '$$ dollar $$',
      '"quoted"',
      "x'); select pg_sleep(5); --",
      'Ana Smith',
      'Zoë (Paris)',
      'plain',
    ];
    for (const [i, name] of names.entries())
      await sql('insert into contacts (name, email) values (?, ?)', [name, `p${i}@x.io`]);
    const terms = [
      "'; drop table contacts; --",
      "o'brien",
      '\\',
      'c:\\temp',
      "\\'",
      '50%',
      '%',
      '_',
      'a_b',
      '$$',
      '"quoted',
      "'); select",
      "'",
      '(',
      '(Pa',
      '.',
      'sm',
      'zo',
    ];
    for (const term of terms) {
      const query = `?search=${encodeURIComponent(term)}`;
      const list = await admin.rest<TContactPage>('GET', `/contacts/search${query}&limit=100`);
      expect(list.status).toBe(200);
      const fromList = list.body.items.map((c) => c.name).sort();
      const fromExport = (parse(await exported(query), { columns: true }) as { name: string }[])
        .map((r) => restoreFormula(r.name)!)
        .sort();
      expect(fromExport, term).toEqual(fromList);
      if (term.length >= 3)
        expect(fromExport, term).toEqual(
          names.filter((n) => n.toLowerCase().includes(term.toLowerCase())).sort(),
        );
    }
    expect(await sql('select count(*)::int as n from contacts')).toEqual([{ n: names.length }]);
  });

  it('exports nothing but the header for a filter nothing matches', async () => {
    await sql("insert into contacts (name, email) values ('Ada', 'ada@x.io')");
    expect(await exported('?search=nobody')).toBe(`${CSV_COLUMNS.join(',')}\n`);
  });

  it('rejects before writing a byte when the COPY fails, and lets the connection go', async () => {
    await sql("insert into contacts (name, email) values ('Ada', 'ada@x.io')");
    const destination = new PassThrough();
    let written = 0;
    destination.on('data', (b: Buffer) => (written += b.length));
    await expect(
      copyContactsCsv(t.db.em(), destination, sqlTag`1 / (id - id) = 1`),
    ).rejects.toThrow(/division by zero/);
    expect(written).toBe(0);
    expect(destination.destroyed).toBe(false); // left for the route to answer with JSON
    await until('the connection is let go', async () => (await checkedOut(t)) === 0);
    expect(await exported()).toContain('\n'); // and the pool still works
  });
});

/** A download that reads only when told to: the export must wait for it, not buffer the file. */
function slowDownload(t: TestApp, client: SignedInClient) {
  let res: IncomingMessage | undefined;
  let bytes = 0;
  let lines = 0;
  let request: ClientRequest | undefined;
  const started = new Promise<IncomingMessage>((done, fail) => {
    request = get(
      `${t.url}/api/contacts/export/csv`,
      { headers: { cookie: client.cookieHeader } },
      (r) => {
        res = r;
        r.pause();
        done(r);
      },
    ).on('error', fail);
  });
  return {
    started,
    get bytes() {
      return bytes;
    },
    abort: () => request?.destroy(),
    readToEnd: () =>
      new Promise<{ lines: number; bytes: number }>((done, fail) => {
        res!.on('data', (b: Buffer) => {
          bytes += b.length;
          for (let at = b.indexOf(10); at !== -1; at = b.indexOf(10, at + 1)) lines++;
        });
        res!.on('end', () => done({ lines, bytes }));
        res!.on('error', fail);
        res!.resume();
      }),
  };
}

describe('GET /api/contacts/export/csv: slow and vanishing clients (300,000 contacts)', () => {
  const ROWS = 300_000;
  const t = useTestApp({ resetBeforeEach: false });
  const admin = useSignedIn(t, 'admin');
  beforeAll(() => seedManyContacts(t.db.em(), ROWS), 60_000);

  it('waits for a client that does not read: the COPY blocks on writing, nothing piles up', async () => {
    const download = slowDownload(t, admin);
    const res = await download.started;
    expect(res.statusCode).toBe(200);
    // Backpressure reaches PostgreSQL: its backend waits for the app to read its socket.
    await until('the COPY waits on its client', async () =>
      (await copiesRunning(t)).some((c) => c.wait_event === 'ClientWrite'),
    );
    const { lines, bytes } = await download.readToEnd();
    expect(lines).toBe(ROWS + 1);
    expect(bytes).toBeGreaterThan(ROWS * 100);
    await until('the connection is back in the pool', async () => (await checkedOut(t)) === 0);
    expect(await copiesRunning(t)).toEqual([]);
  }, 60_000);

  it('ends the COPY and lets its connection go when the client disconnects mid-download', async () => {
    const download = slowDownload(t, admin);
    const res = await download.started;
    expect(res.statusCode).toBe(200);
    await until('the COPY runs', async () => (await copiesRunning(t)).length === 1);
    const [copy] = await copiesRunning(t);
    download.abort();
    await until('no COPY runs any more', async () => (await copiesRunning(t)).length === 0);
    await until('no connection is checked out', async () => (await checkedOut(t)) === 0);
    // The backend was ended, not left idle in its transaction.
    expect(await sqlOn(t)('select pid from pg_stat_activity where pid = ?', [copy!.pid])).toEqual(
      [],
    );
    // The export slot and the pool are free for the next download.
    const again = slowDownload(t, admin);
    expect((await again.started).statusCode).toBe(200);
    expect((await again.readToEnd()).lines).toBe(ROWS + 1);
  }, 60_000);

  it(`runs ${MAX_CONCURRENT_EXPORTS} exports at once and answers one more 503 with Retry-After`, async () => {
    const downloads = Array.from({ length: MAX_CONCURRENT_EXPORTS }, () => slowDownload(t, admin));
    for (const d of downloads) expect((await d.started).statusCode).toBe(200);
    const refused = await admin.fetch('/api/contacts/export/csv');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(await refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    downloads[0]!.abort();
    const rest = await Promise.all(downloads.slice(1).map((d) => d.readToEnd()));
    expect(rest.map((r) => r.lines)).toEqual([ROWS + 1, ROWS + 1]);
    await until('every connection is back', async () => (await checkedOut(t)) === 0);
    const after = await admin.fetch('/api/contacts/export/csv?ids=1');
    expect(after.status).toBe(200);
    await after.text();
  }, 120_000);
});
