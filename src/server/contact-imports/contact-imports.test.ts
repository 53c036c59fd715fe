import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import type { TImportAccepted, TImportJob } from '../../shared/contact-import.schema';
import type { TContact } from '../../shared/contacts.schema';
import type { Client } from '../test-app';
import { pruneContactImports } from './contact-imports.sql';
import { useSignedIn, useTestApp } from '../test/use-test-app';

const t = useTestApp({ jobs: true });
const admin = useSignedIn(t, 'admin');

interface ErrorBody {
  message: string;
  code: string;
  issues?: { message: string; path?: string[] }[];
}

/** POST /api/contacts/import with the file as the body, as an API client sends it. */
async function upload(
  body: NonNullable<RequestInit['body']>,
  {
    mode,
    type = 'text/csv',
    client = admin,
  }: { mode?: string; type?: string; client?: Client } = {},
) {
  const query = mode === undefined ? '' : `?mode=${encodeURIComponent(mode)}`;
  const res = await client.fetch(`/api/contacts/import${query}`, {
    method: 'POST',
    headers: { 'content-type': type },
    body,
    duplex: 'half',
  } as RequestInit);
  return {
    status: res.status,
    location: res.headers.get('location'),
    body: (await res.json()) as TImportAccepted & ErrorBody,
  };
}

/** Polls the job until it is done or failed (up to 2 minutes, for 50 MB on a busy machine). */
async function settled(jobId: string, via: 'rest' | 'trpc' = 'rest'): Promise<TImportJob> {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    const job =
      via === 'rest'
        ? (await admin.rest<TImportJob>('GET', `/contacts/imports/${jobId}`)).body
        : await admin.trpc.admin.contacts.importStatus.query({ jobId });
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${jobId} did not finish`);
}

async function importFile(csv: string, mode?: string) {
  const res = await upload(csv, { mode });
  expect(res.status).toBe(202);
  return settled(res.body.jobId);
}

const contacts = async () =>
  (await admin.rest<TContact[]>('GET', '/contacts')).body.sort((a, b) => a.id - b.id);

describe('POST /api/contacts/import (streamed CSV, background job)', () => {
  it('answers 202 { jobId, statusUrl } and imports a file with a BOM and CRLF line breaks', async () => {
    const csv =
      '\uFEFFname,email,company,status\r\nAda,ada@x.io,Acme,qualified\r\nBob,bob@x.io,,\r\n';
    const res = await upload(csv);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      jobId: expect.any(String),
      statusUrl: `/api/contacts/imports/${res.body.jobId}`,
    });
    expect(res.location).toBe(res.body.statusUrl);
    const job = await settled(res.body.jobId);
    expect(job).toMatchObject({
      status: 'done',
      mode: 'all_or_nothing',
      processed: 2,
      inserted: 2,
      updated: 0,
      skipped: 0,
      errorCount: 0,
      errors: [],
      errorReportUrl: null,
      message: null,
      bytesTotal: Buffer.byteLength(csv),
      bytesProcessed: Buffer.byteLength(csv),
    });
    expect(job.finishedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const stored = await contacts();
    expect(stored.map((c) => [c.name, c.email, c.company, c.status, c.source])).toEqual([
      ['Ada', 'ada@x.io', 'Acme', 'qualified', 'csv_import'],
      ['Bob', 'bob@x.io', null, 'new', 'csv_import'],
    ]);
  });

  it('all_or_nothing: one bad row stores nothing, names each bad line, and the error report lists them', async () => {
    const csv = 'name,email\nAda,ada@x.io\n,nobody@x.io\nCy,not-an-email\n';
    const job = await importFile(csv, 'all_or_nothing');
    expect(job).toMatchObject({
      status: 'failed',
      processed: 3,
      inserted: 0,
      errorCount: 2,
      message: 'Nothing was imported: 2 invalid row(s)',
      errors: [
        { line: 3, reason: expect.stringContaining('name') },
        { line: 4, reason: expect.stringContaining('email') },
      ],
      errorReportUrl: `/api/contacts/imports/${job.jobId}/errors/csv`,
    });
    expect(await contacts()).toEqual([]);
    const report = await admin.fetch(job.errorReportUrl!);
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toContain('text/csv');
    const rows = parse(await report.text(), { columns: true }) as {
      line: string;
      reason: string;
    }[];
    expect(rows.map((r) => r.line)).toEqual(['3', '4']);
    expect(rows[1]!.reason).toContain('email');
  });

  it('skip_invalid: stores the good rows and counts the skipped ones', async () => {
    const csv = 'name,email\nAda,ada@x.io\n,nobody@x.io\nBob,bob@x.io\n';
    const job = await importFile(csv, 'skip_invalid');
    expect(job).toMatchObject({
      status: 'done',
      processed: 3,
      inserted: 2,
      skipped: 1,
      errorCount: 1,
    });
    expect(job.errors).toEqual([{ line: 3, reason: expect.stringContaining('name') }]);
    expect((await contacts()).map((c) => c.email)).toEqual(['ada@x.io', 'bob@x.io']);
  });

  it('upsert: updates the contact with the same email in any case (emails are stored lower-case), inserts new ones, keeps what empty cells leave', async () => {
    await importFile('name,email,company,phone\nAda,Ada@X.io,Acme,123\n');
    const job = await importFile(
      'name,email,company,phone,status\nAda Lovelace,ada@x.IO,,,converted\nNew,new@x.io,,,\nbad,,,,\n',
      'upsert',
    );
    expect(job).toMatchObject({
      status: 'done',
      processed: 3,
      inserted: 1,
      updated: 1,
      skipped: 1,
    });
    const stored = await contacts();
    expect(stored.map((c) => [c.name, c.email, c.company, c.phone, c.status])).toEqual([
      ['Ada Lovelace', 'ada@x.io', 'Acme', '123', 'converted'],
      ['New', 'new@x.io', null, null, 'new'],
    ]);
    // The same email twice in one file: one contact, the later row wins.
    const twice = await importFile('name,email\nFirst,twice@x.io\nSecond,TWICE@x.io\n', 'upsert');
    expect(twice).toMatchObject({ inserted: 1, updated: 1 });
    expect(
      (await contacts()).filter((c) => c.email.toLowerCase() === 'twice@x.io').map((c) => c.name),
    ).toEqual(['Second']);
  });

  it('refuses at once, naming the problem: a 0-byte file, a non-CSV file, a header without the columns, a bad mode, another content type', async () => {
    const empty = await upload('');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      message: 'The file is empty',
      issues: [{ path: ['file'] }],
    });

    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82,
    ]);
    const binary = await upload(png);
    expect(binary.status).toBe(400);
    expect(binary.body.message).toBe('The file is not CSV text: it holds binary data');

    const latin1 = await upload(Buffer.from('name,email\nJos\xe9,j@x.io\n', 'latin1'));
    expect(latin1.status).toBe(400);
    expect(latin1.body.message).toBe('The file is not UTF-8 CSV text');

    const header = await upload('full name,mail\nAda,a@x.io\n');
    expect(header.status).toBe(400);
    expect(header.body.message).toBe('The CSV header must include the columns: name, email');

    const mode = await upload('name,email\nAda,a@x.io\n', { mode: 'merge' });
    expect(mode.status).toBe(400);
    expect(mode.body.message).toBe(
      'mode: Mode must be one of: all_or_nothing, skip_invalid, upsert',
    );

    const json = await upload(JSON.stringify({ csvData: 'name,email' }), {
      type: 'application/json',
    });
    expect(json.status).toBe(415);
    expect(json.body.message).toContain('Content-Type: text/csv');
    expect(await contacts()).toEqual([]);
  });

  it('fails the job with a clear message for a header-only file and for broken quoting', async () => {
    const headerOnly = await importFile('name,email\n');
    expect(headerOnly).toMatchObject({
      status: 'failed',
      message: 'The CSV file has no data rows',
    });
    const broken = await importFile('name,email\n"Ada,a@x.io\n');
    expect(broken.status).toBe('failed');
    expect(broken.message).toMatch(/^The file is not valid CSV: /);
    expect(await contacts()).toEqual([]);
  });

  it('is for administrators: 401 signed out, 403 for a user, on the upload, the status and the report', async () => {
    const accepted = await upload('name,email\nAda,a@x.io\n');
    const { jobId } = accepted.body;
    await settled(jobId);
    const user = await t.signedIn('user');
    for (const client of [t.anonymous(), user]) {
      const expected = client === user ? 403 : 401;
      expect((await upload('name,email\nEve,e@x.io\n', { client })).status).toBe(expected);
      expect((await client.rest('GET', `/contacts/imports/${jobId}`)).status).toBe(expected);
      expect((await client.fetch(`/api/contacts/imports/${jobId}/errors/csv`)).status).toBe(
        expected,
      );
    }
    expect((await contacts()).length).toBe(1);
  });

  it('answers the status over tRPC as over REST, and 404 / 400 for unknown and malformed ids', async () => {
    const { body } = await upload('name,email\nAda,a@x.io\n');
    const viaTrpc = await settled(body.jobId, 'trpc');
    const viaRest = await settled(body.jobId, 'rest');
    expect(viaTrpc).toEqual(viaRest);
    const unknown = await admin.rest<ErrorBody>(
      'GET',
      '/contacts/imports/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Import job not found');
    expect((await admin.rest('GET', '/contacts/imports/not-a-uuid')).status).toBe(400);
    expect(
      (await admin.fetch('/api/contacts/imports/00000000-0000-4000-8000-000000000000/errors/csv'))
        .status,
    ).toBe(404);
  });

  it('forgets finished imports after 30 days and uploads cut off mid-way after a day', async () => {
    const kept = await importFile('name,email\nAda,a@x.io\n');
    const old = await importFile('name,email\nBob,b@x.io\n');
    const exec = (sql: string, params: unknown[]) => t.db.em().getConnection().execute(sql, params);
    await exec(`update contact_imports set finished_at = now() - interval '31 days' where id = ?`, [
      old.jobId,
    ]);
    await exec(
      `insert into contact_imports (id, mode, status, created_at) values
        ('00000000-0000-4000-8000-000000000001', 'skip_invalid', 'uploading', now() - interval '2 days'),
        ('00000000-0000-4000-8000-000000000002', 'skip_invalid', 'uploading', now())`,
      [],
    );
    expect(await pruneContactImports(t.db.em())).toBe(2);
    expect((await admin.rest('GET', `/contacts/imports/${old.jobId}`)).status).toBe(404);
    expect((await admin.rest('GET', `/contacts/imports/${kept.jobId}`)).status).toBe(200);
    const left = await exec(`select id from contact_imports where status = 'uploading'`, []);
    expect(left).toEqual([{ id: '00000000-0000-4000-8000-000000000002' }]);
  });

  it('imports a 50 MB file streamed in pieces, with the right counts', async () => {
    const rows = 400_000;
    const line = (i: number) =>
      `Person ${i},person${i}@example.com,Company ${i % 1000},+1 555 ${String(i).padStart(7, '0')},"Interested in voice agents for a team of ${i % 50} people, please call back"\n`;
    let sent = 0;
    async function* file() {
      yield 'name,email,company,phone,message\n';
      for (let i = 0; i < rows; i += 1000) {
        let piece = '';
        for (let j = i; j < Math.min(rows, i + 1000); j++) piece += line(j);
        sent += Buffer.byteLength(piece);
        yield new TextEncoder().encode(piece);
      }
    }
    const res = await upload(
      ReadableStream.from(file()) as unknown as NonNullable<RequestInit['body']>,
      {
        mode: 'skip_invalid',
      },
    );
    expect(res.status).toBe(202);
    expect(sent).toBeGreaterThan(50 * 1024 * 1024);
    const job = await settled(res.body.jobId);
    expect(job).toMatchObject({ status: 'done', processed: rows, inserted: rows, errorCount: 0 });
    const count = await t.db
      .em()
      .getConnection()
      .execute<{ n: string }[]>('select count(*) as n from contacts');
    expect(Number(count[0]!.n)).toBe(rows);
    const chunks = await t.db
      .em()
      .getConnection()
      .execute<{ n: string }[]>('select count(*) as n from contact_import_chunks');
    expect(Number(chunks[0]!.n)).toBe(0);
  }, 180_000);
});
