// Attack finding (round 3, item 1): an import that fails is failed for good, with a reason, and
// never runs again; one left running by a dead process is failed at the next start; a slow
// upload may take as long as it keeps a pace, and a stalled one gets 408 and stores nothing.
import { connect } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { TImportAccepted, TImportJob } from '../../shared/contact-import.schema';
import type { Client } from '../test-app';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import {
  ABANDONED_IMPORT_MESSAGE,
  failAbandonedImports,
  holdImportLock,
  releaseImportLock,
} from './import-lock.sql';

async function upload(client: Client, body: string) {
  const res = await client.fetch('/api/contacts/import?mode=skip_invalid', {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body,
  });
  return { status: res.status, body: (await res.json()) as TImportAccepted };
}

async function settled(client: Client, jobId: string): Promise<TImportJob> {
  for (let i = 0; i < 600; i++) {
    const { body } = await client.rest<TImportJob>('GET', `/contacts/imports/${jobId}`);
    if (body.status === 'done' || body.status === 'failed') return body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${jobId} did not finish`);
}

describe('an import process that dies', () => {
  // A heap too small for the process to even load its code: V8 ends it, out of memory.
  const t = useTestApp({ jobs: true, workerOptions: { importHeapMb: 2 } });
  const admin = useSignedIn(t, 'admin');

  it('marks the import failed with the reason, is not retried, and the server goes on', async () => {
    const { status, body } = await upload(admin, 'name,email\nAda,ada@x.io\n');
    expect(status).toBe(202);
    const job = await settled(admin, body.jobId);
    expect(job.status).toBe('failed');
    expect(job.message).toMatch(/^The import (ran out of memory|stopped on a server error)/);
    // The job ends once the handler returns, a moment after it marked the import failed.
    let row: { state: string; retry_count: number } | undefined;
    for (let i = 0; i < 100 && (!row || row.state === 'active'); i++) {
      [row] = await t.db
        .em()
        .getConnection()
        .execute<{ state: string; retry_count: number }[]>(
          `select state, retry_count from pgboss.job where name = 'contactImport' and data->>'importId' = ?`,
          [body.jobId],
        );
      if (row?.state === 'active') await new Promise((r) => setTimeout(r, 50));
    }
    expect(row).toEqual({ state: 'completed', retry_count: 0 });
    expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
  });
});

describe('imports left running', () => {
  const t = useTestApp();

  it('fails the ones whose process died and leaves the one a live instance runs', async () => {
    const conn = t.db.em().getConnection();
    const abandoned = '00000000-0000-4000-8000-00000000000a';
    const live = '00000000-0000-4000-8000-00000000000b';
    await conn.execute(
      `insert into contact_imports (id, mode, status) values (?, 'skip_invalid', 'running'), (?, 'skip_invalid', 'running')`,
      [abandoned, live],
    );
    await conn.execute(
      `insert into contact_import_chunks (contact_import_id, seq, data) values (?, 0, 'x')`,
      [abandoned],
    );
    const pool = new pg.Pool({ connectionString: t.db.url, max: 2 });
    const liveRun = await pool.connect();
    try {
      await holdImportLock(liveRun, live);
      expect(await failAbandonedImports(pool)).toBe(1);
      await releaseImportLock(liveRun, live);
    } finally {
      liveRun.release();
      await pool.end();
    }
    const rows = await conn.execute<{ id: string; status: string; failure: string | null }[]>(
      `select id, status, failure from contact_imports order by id`,
    );
    expect(rows).toEqual([
      { id: abandoned, status: 'failed', failure: ABANDONED_IMPORT_MESSAGE },
      { id: live, status: 'running', failure: null },
    ]);
    const chunks = await conn.execute(`select 1 from contact_import_chunks`);
    expect(chunks).toEqual([]);
  });
});

describe('the pace of an import upload', () => {
  // A 2-second window instead of 30, and a 1.5-second deadline for every other request.
  const t = useTestApp({
    jobs: true,
    app: { importUploadPace: { minBytesPerSecond: 10 * 1024, windowSeconds: 2 } },
    timeouts: { headersMs: 1000, requestMs: 1500, keepAliveMs: 500, checkIntervalMs: 200 },
  });
  const admin = useSignedIn(t, 'admin');

  it('takes an upload that keeps its pace for longer than the request deadline', async () => {
    const rows = Array.from({ length: 4000 }, (_, i) => `Person ${i},p${i}@pace.test\n`);
    async function* slowly() {
      yield new TextEncoder().encode('name,email\n');
      // About 30 KB/s for 3 seconds, twice the deadline other requests get.
      for (let i = 0; i < 30; i++) {
        yield new TextEncoder().encode(rows.slice(i * 133, (i + 1) * 133).join(''));
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const started = Date.now();
    const res = await admin.fetch('/api/contacts/import?mode=skip_invalid', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: ReadableStream.from(slowly()),
      duplex: 'half',
    } as RequestInit);
    expect(Date.now() - started).toBeGreaterThan(1500);
    expect(res.status).toBe(202);
    const job = await settled(admin, ((await res.json()) as TImportAccepted).jobId);
    expect(job).toMatchObject({ status: 'done', inserted: 3990 });
  });

  it('answers 408 to an upload that stalls, and stores nothing', async () => {
    const { hostname, port } = new URL(t.url);
    const answer = await new Promise<string>((done, fail) => {
      let text = '';
      const socket = connect(Number(port), hostname, () =>
        socket.write(
          `POST /api/contacts/import HTTP/1.1\r\nHost: x\r\nCookie: ${admin.cookieHeader}\r\n` +
            `Content-Type: text/csv\r\nContent-Length: 1000000\r\n\r\nname,email\nAda,ada@x.io\n`,
        ),
      );
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => done(text));
      socket.on('error', fail);
      setTimeout(() => socket.destroy(new Error('the server kept the connection open')), 10_000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain(
      'The upload was slower than 10 KB/s over 2 seconds; nothing was stored',
    );
    const stored = await t.db.em().getConnection().execute(`select id from contact_imports`);
    expect(stored).toEqual([]);
  });
});
