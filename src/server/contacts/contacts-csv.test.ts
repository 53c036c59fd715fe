import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { parse } from 'csv-parse/sync';
import {
  ATTRIBUTION_FIELDS,
  type TContact,
  type TCsvImportResult,
} from '../../shared/contacts.schema';
import { actorFor, type Client } from '../test-app';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { CSV_COLUMNS } from './contacts.csv';
import type { RestErrorBody } from '../test/rest-error-body';

const t = useTestApp();
const admin = useSignedIn(t, 'admin');

const importCsv = (csvData: unknown, client: Client = admin) =>
  client.rest<TCsvImportResult & RestErrorBody>('POST', '/contacts/import/csv', { csvData });
const contacts = async () =>
  (await admin.rest<TContact[]>('GET', '/contacts')).body.sort((a, b) => a.id - b.id);
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** What the import tests compare of a contact: its details, not its id, dates or attribution. */
const DETAILS = ['name', 'email', 'company', 'phone', 'message', 'status', 'source'] as const;
const details = (contact: TContact) =>
  Object.fromEntries(DETAILS.map((column) => [column, contact[column]]));

describe('POST /api/contacts/import/csv', () => {
  it('imports a good file: BOM, CRLF, loose header names, quoted commas and newlines, optional columns', async () => {
    const csv =
      '\uFEFF Name ,EMAIL,Company,Phone,Message,Status\r\n' +
      'Ada Lovelace,Ada@Example.com,"Analytical Engines, Ltd",+44 20 7946 0000,"First line\r\nsecond line",Qualified\r\n' +
      'Alan Turing,alan@bletchley.uk,,,,\r\n' +
      '\r\n' +
      '"Grace ""Amazing"" Hopper",grace@navy.mil,US Navy,,Hi,converted\r\n';
    const res = await importCsv(csv);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, imported: 3, message: 'Imported 3 contacts' });
    const stored = await contacts();
    expect(stored.map(details)).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        company: 'Analytical Engines, Ltd',
        phone: '+44 20 7946 0000',
        message: 'First line\nsecond line',
        status: 'qualified',
        source: 'csv_import',
      },
      {
        name: 'Alan Turing',
        email: 'alan@bletchley.uk',
        company: null,
        phone: null,
        message: null,
        status: 'new',
        source: 'csv_import',
      },
      {
        name: 'Grace "Amazing" Hopper',
        email: 'grace@navy.mil',
        company: 'US Navy',
        phone: null,
        message: 'Hi',
        status: 'converted',
        source: 'csv_import',
      },
    ]);
  });

  it('imports through tRPC and createCaller with only the required columns', async () => {
    const viaTrpc = await admin.trpc.admin.contacts.import.mutate({
      csvData: 'email,name\na@b.co,A',
    });
    expect(viaTrpc).toMatchObject({ imported: 1, message: 'Imported 1 contact' });
    const viaCaller = await t
      .caller(actorFor(admin.userId))
      .admin.contacts.import({ csvData: 'name,email\nB,b@b.co\nC,c@b.co\n' });
    expect(viaCaller.imported).toBe(2);
    expect((await contacts()).map((c) => c.name)).toEqual(['A', 'B', 'C']);
  });

  it('imports nothing when one row is bad, naming its line number and reason', async () => {
    const csv =
      'name,email,status\nGood One,one@x.io,new\nBad Email,not-an-email,new\nGood Two,two@x.io,contacted\n';
    const res = await importCsv(csv);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Nothing was imported: 1 invalid row(s). Line 3: email: Please enter a valid email address',
    );
    expect(await contacts()).toEqual([]);

    const err = await admin.trpc.admin.contacts.import
      .mutate({ csvData: csv })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCClientError);
    expect(err).toMatchObject({
      data: { httpStatus: 400 },
      message: expect.stringContaining('Line 3: email'),
    });
  });

  it('reports every bad row (blank name, bad status) with the line where the row starts', async () => {
    const csv = [
      'name,email,message,status',
      'Ok,ok@x.io,"a message',
      'over two lines",new',
      ',blank-name@x.io,hi,new',
      'Bad Status,s@x.io,"three',
      'line',
      'message",won',
      'Also Ok,ok2@x.io,,',
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Nothing was imported: 2 invalid row(s). Line 4: name: Name is required; ' +
        'Line 5: status: Status must be one of: new, contacted, qualified, converted',
    );
    expect(await contacts()).toEqual([]);
  });

  it('answers 400 when the name or email column is missing, or there are no data rows', async () => {
    const noEmail = await importCsv('name,company\nAda,Acme\n');
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toBe('The CSV header must include the columns: email');
    // The file is the field at fault (the body's csvData), named like any other input error.
    expect(noEmail.body.data?.fieldErrors).toEqual({
      csvData: 'The CSV header must include the columns: email',
    });
    const neither = await importCsv('full name,mail\nAda,a@b.co\n');
    expect(neither.body.message).toBe('The CSV header must include the columns: name, email');
    const headerOnly = await importCsv('name,email\n');
    expect(headerOnly.status).toBe(400);
    expect(headerOnly.body.message).toBe('The CSV file has no data rows');
  });

  it('answers 400 (never 500) for broken CSV, an empty file and a missing csvData', async () => {
    const broken = await importCsv('name,email\n"Ada,a@b.co\n');
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/^The file is not valid CSV/);
    const empty = await importCsv('');
    expect(empty.status).toBe(400);
    expect(empty.body.data?.fieldErrors).toEqual({ csvData: 'The CSV file is empty' });
    const missing = await admin.rest<RestErrorBody>('POST', '/contacts/import/csv', {});
    expect(missing.status).toBe(400);
    expect(missing.body.data?.fieldErrors).toEqual({ csvData: 'csvData is required' });
    const nul = await importCsv('name,email\nA\u0000B,a@b.co\n');
    expect(nul.status).toBe(400);
    expect(nul.body.message).toContain('Line 2: name: Must not contain NUL characters');
  });

  it('refuses anonymous callers with 401 and non-admins with 403', async () => {
    const user = await t.signedIn('user');
    expect((await importCsv('name,email\nA,a@b.co', t.anonymous())).status).toBe(401);
    expect((await importCsv('name,email\nA,a@b.co', user)).status).toBe(403);
    await expect(
      t
        .caller(actorFor(user.userId, 'user'))
        .admin.contacts.import({ csvData: 'name,email\nA,a@b.co' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await contacts()).toEqual([]);
  });
});

describe('GET /api/contacts/export/csv', () => {
  async function download(client: Client = admin) {
    return client.fetch('/api/contacts/export/csv', { headers: { accept: 'text/csv' } });
  }

  it('streams text/csv as an attachment named contacts-<today>.csv with a header row', async () => {
    const res = await download();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="contacts-${todayUtc()}.csv"`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe(`${CSV_COLUMNS.join(',')}\n`);
  });

  it('writes one row per contact in id order, quoting commas and newlines', async () => {
    await importCsv(
      'name,email,company,message,status\nAda,ada@x.io,"Acme, Inc","two\nlines",qualified\nBob,bob@x.io,,,\n',
    );
    const stored = await contacts();
    const rows = parse(await (await download()).text(), { columns: true }) as Record<
      string,
      string
    >[];
    expect(rows).toEqual(
      stored.map((c) => ({
        // Any field not named below (a new one) as its text, null as an empty cell.
        ...Object.fromEntries(
          CSV_COLUMNS.map((f) => {
            const value = (c as Record<string, unknown>)[f];
            return [f, value === null || value === undefined ? '' : String(value)];
          }),
        ),
        id: String(c.id),
        name: c.name,
        email: c.email,
        company: c.company ?? '',
        phone: c.phone ?? '',
        message: c.message ?? '',
        status: c.status,
        source: c.source,
        createdAt: c.createdAt,
        updatedAt: c.updatedAt,
        ...Object.fromEntries(ATTRIBUTION_FIELDS.map((f) => [f, c[f] ?? ''])),
        firstRespondedAt: c.firstRespondedAt ?? '',
        ownerId: c.ownerId === null ? '' : String(c.ownerId),
        // The consent, flat: imported leads were shown no notice.
        consentNoticeVersion: '',
        marketingOptIn: 'false',
        consentGivenAt: '',
      })),
    );
    expect(rows[0]).toMatchObject({ company: 'Acme, Inc', message: 'two\nlines' });
  });

  it('prefixes cells that start with = + - @ with a single quote (formula injection)', async () => {
    await t.db.orm.em
      .getConnection()
      .execute(
        `insert into contacts (name, email, company, phone, message) values (?, 'eve@x.io', '@SUM(A1:A9)', '+1 415 555 0110', '-2+3')`,
        ['=HYPERLINK("http://evil.example","click")'],
      );
    const [row] = parse(await (await download()).text(), { columns: true }) as Record<
      string,
      string
    >[];
    expect(row).toMatchObject({
      name: `'=HYPERLINK("http://evil.example","click")`,
      company: "'@SUM(A1:A9)",
      phone: "'+1 415 555 0110",
      message: "'-2+3",
      email: 'eve@x.io',
    });
  });

  it('round-trips: an exported file imports back to the same contacts, formula-looking cells included', async () => {
    await importCsv(
      'name,email,company,phone,message,status\n' +
        'Ada,ada@x.io,"Acme, Inc",+44 20 7946 0000,"multi\nline",qualified\n' +
        '=Eve,eve@x.io,@corp,-1,"=1+2",converted\n' +
        'Bob,bob@x.io,,,,\n',
    );
    const before = await contacts();
    const exported = await (await download()).text();
    await admin.rest('DELETE', '/contacts/bulk/all');
    const res = await importCsv(exported);
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(3);
    expect((await contacts()).map(details)).toEqual(before.map(details));
  });

  it('requires an admin: 401 anonymous, 403 non-admin, both as JSON', async () => {
    const anonymous = await download(t.anonymous());
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-disposition')).toBeNull();
    expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const user = await download(await t.signedIn('user'));
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});
