/**
 * A person's data export (budget: under 2 s) and erasure (budget: under 60 s) at 1,000,000
 * contacts, each against the physical floor
 * measured in the same run: the same lookups by plain SQL on one raw connection (the contacts'
 * ids by address, then each section by those ids or the address), with no transaction or ORM.
 * The person has two contacts (the address in two cases) with a timeline, an email, a webhook
 * delivery and a quarantined submission; the other million have timelines, emails, webhook
 * deliveries and audit entries of their own, so every section's lookup runs against a full table.
 * The erasure's floor is the deletes by the contacts' ids and the address, by plain SQL in one
 * transaction, plus one substring read of each free-text column the address may be quoted in
 * (audit values, emails and webhook payloads about no contact, import errors).
 *
 *   node --import tsx bench/privacy.ts [--rows 1000000] [--iterations 20] [--write]
 */
import { randomBytes } from 'node:crypto';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ormOptions } from '../mikro-orm.config';
import { exportPerson } from '../src/server/privacy/privacy-export.service';
import { eraseAddresses } from '../src/server/privacy/erasure.service';
import { erasureLedger } from '../src/server/privacy/erasure-ledger-file';
import { appFeatures, createEventBus, erasureHooks } from '../src/server/features';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, dropDatabase } from '../src/server/test/pg-admin';
import { writeBenchmarkSection } from './bench-doc';
import { seedContacts } from './seed-contacts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('rows', 1_000_000);
const ITERATIONS = arg('iterations', 20);
const BUDGET_MS = 2000;
const ERASE_BUDGET_MS = 60_000;
/** People erased one by one (each a sample), and as many again for the floor. */
const ERASED = arg('erased', 10);
/** A retention batch: addresses erased in one call. */
const BATCH = 500;
const EMAIL = 'quinn.bench@privacy.example';

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function timed(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

/**
 * The floor: the same lookups by the plainest SQL on one raw connection, without a transaction
 * or the ORM: the contacts' ids by address, then each section's rows by those ids (or address).
 */
const FLOOR_BY_IDS = [
  `select * from contacts where id = any($1::int[])`,
  `select * from contact_activities where contact_id = any($1::int[])`,
  `select * from webhook_deliveries where contact_id = any($1::int[])`,
  `select * from bookings where contact_id = any($1::int[])`,
  `select * from tasks where contact_id = any($1::int[])`,
  `select * from service_inquiries where contact_id = any($1::int[])`,
  `select * from audit_log where entity_type = 'contact' and entity_id = any($1::text[])`,
];
const FLOOR_BY_EMAIL = [
  `select * from notification_messages where lower("to") = lower($1)`,
  `select * from quarantined_submissions where lower(payload->>'email') = lower($1)`,
  `select * from contact_import_errors where strpos(lower(reason), lower($1)) > 0`,
];

/** The erasure's floor also reads each free-text column once for the address (no word match). */
const FLOOR_QUOTED = [
  `select count(*) from audit_log where strpos(lower(changes::text), $1) > 0`,
  `select count(*) from notification_messages where contact_id is null and strpos(lower(text), $1) > 0`,
  `select count(*) from webhook_deliveries where contact_id is null and strpos(lower(payload), $1) > 0`,
  `select count(*) from contact_import_errors where strpos(lower(reason), $1) > 0`,
];

const name = `convoza_bench_privacy_${randomBytes(4).toString('hex')}`;
const url = await createDatabase(name);
try {
  const orm = await MikroORM.init(ormOptions(url));
  await orm.migrator.up();
  const em = orm.em.fork() as EntityManager;
  const seedStart = performance.now();
  await seedContacts(em, ROWS);
  const conn = em.getConnection();
  await conn.execute(
    `insert into contacts (name, email, phone, message, source) values
       ('Quinn Bench', ?, '+1 555 0199', 'Call me', 'website'),
       ('Quinn B.', ?, null, 'Again', 'api')`,
    [EMAIL, EMAIL.toUpperCase()],
  );
  // A timeline entry, an email and a webhook delivery for every contact (the person's included).
  await conn.execute(
    `insert into contact_activities (contact_id, type, at, data)
     select id, 'note', created_at, jsonb_build_object('noteId', id, 'body', 'Called, no answer') from contacts`,
  );
  await conn.execute(
    `insert into notification_messages (kind, "to", subject, text, html, status, attempts, contact_id, created_at)
     select 'auto_reply', email, 'Thanks', 'Thanks for reaching out', '<p>Thanks</p>', 'sent', 1, id, created_at from contacts`,
  );
  await conn.execute(
    `insert into webhook_endpoints (url, events, enabled, secret) values ('https://hooks.example/x', '["contact.created"]', true, 'whsec_bench')`,
  );
  await conn.execute(
    `insert into webhook_deliveries (endpoint_id, contact_id, message_id, event, payload, status, attempts, created_at)
     select 1, id, 'msg_' || id, 'contact.created', '{"id":' || id || '}', 'succeeded', 1, created_at from contacts`,
  );
  await conn.execute(
    `insert into quarantined_submissions (reason, payload, source, created_at, expires_at)
     values ('suspicious content', jsonb_build_object('name', 'Quinn', 'email', ?::text), 'website', now(), now() + interval '7 days')`,
    [EMAIL],
  );
  // Every contact's creation in the audit log, as the product files it.
  await conn.execute(
    `insert into audit_log (at, action, entity_type, entity_id, changes)
     select created_at, 'create', 'contact', id::text, '{"source":{"to":"website"}}' from contacts`,
  );
  // The people the erasure is timed on (and as many for its floor): two contacts each, with a
  // timeline entry, an email, a webhook delivery, an audit entry and a quarantined submission.
  await conn.execute(
    `with people as (
       insert into contacts (name, email, source)
       select 'Erasable ' || n, 'erase-' || n || '@privacy.example', 'website'
         from generate_series(1, ?) n, generate_series(1, 2) copy
       returning id, email)
     , a as (insert into contact_activities (contact_id, type, data)
             select id, 'note', '{"body":"Call back"}' from people)
     , m as (insert into notification_messages (kind, "to", subject, text, html, status, attempts, contact_id)
             select 'auto_reply', email, 'Thanks', 'Thanks', '<p>Thanks</p>', 'sent', 1, id from people)
     , d as (insert into webhook_deliveries (endpoint_id, contact_id, message_id, event, payload, status, attempts)
             select 1, id, 'msg_e' || id, 'contact.created', '{"email":"' || email || '"}', 'succeeded', 1 from people)
     , l as (insert into audit_log (at, action, entity_type, entity_id, changes)
             select now(), 'update', 'contact', id::text, jsonb_build_object('name', jsonb_build_object('to', 'Erasable')) from people)
     insert into quarantined_submissions (reason, payload, source, created_at, expires_at)
     select 'suspicious content', jsonb_build_object('name', 'Erasable', 'email', email), 'website', now(), now() + interval '7 days'
       from people`,
    [ERASED * 2],
  );
  await conn.execute('vacuum analyze');
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const held = await exportPerson(
    orm.em.fork() as EntityManager,
    EMAIL,
    appFeatures.exportSections,
  );
  if (held.contacts.length !== 2 || held.messages?.length !== 2 || held.quarantined?.length !== 1)
    throw new Error(`The export missed the person's rows: ${JSON.stringify(held).slice(0, 300)}`);
  const app = await timed(() =>
    exportPerson(orm.em.fork() as EntityManager, EMAIL, appFeatures.exportSections),
  );

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const floor = await timed(async () => {
    const found = await client.query<{ id: number }>(
      'select id from contacts where lower(email) = lower($1)',
      [EMAIL],
    );
    const ids = found.rows.map((r) => r.id);
    for (const statement of FLOOR_BY_IDS) await client.query(statement, [ids]);
    for (const statement of FLOOR_BY_EMAIL) await client.query(statement, [EMAIL]);
  });

  // The erasure: one person at a time, then the floor's plain deletes for as many others.
  const deps = {
    events: createEventBus({ publicUrl: 'http://localhost' }),
    ledger: erasureLedger(join(tmpdir(), `${name}-ledger.jsonl`), 'bench-ledger-key'.repeat(3)),
    erasers: erasureHooks,
  };
  const by = { trigger: 'request' as const, actor: null, reason: 'Bench' };
  const erase: number[] = [];
  for (let n = 1; n <= ERASED; n++) {
    const start = performance.now();
    const done = await eraseAddresses(
      orm.em.fork() as EntityManager,
      deps,
      [`erase-${n}@privacy.example`],
      by,
    );
    erase.push(performance.now() - start);
    if (done.counts.contacts !== 2 || done.counts.messages !== 2 || done.counts.deliveries !== 2)
      throw new Error(`The erasure missed the person's rows: ${JSON.stringify(done.counts)}`);
  }
  const eraseFloor: number[] = [];
  for (let n = ERASED + 1; n <= ERASED * 2; n++) {
    const address = `erase-${n}@privacy.example`;
    const start = performance.now();
    await client.query('begin');
    const found = await client.query<{ id: number }>(
      'select id from contacts where lower(email) = $1',
      [address],
    );
    const ids = found.rows.map((r) => r.id);
    await client.query(
      `delete from notification_messages where contact_id = any($1::int[]) or lower("to") = $2`,
      [ids, address],
    );
    await client.query(`delete from webhook_deliveries where contact_id = any($1::int[])`, [ids]);
    await client.query(`delete from quarantined_submissions where lower(payload->>'email') = $1`, [
      address,
    ]);
    await client.query(
      `update audit_log set changes = '{}' where entity_type = 'contact' and entity_id = any($1::text[])`,
      [ids.map(String)],
    );
    await client.query(`delete from contacts where id = any($1::int[])`, [ids]);
    // The free text an address may be quoted in, read once by the plainest substring test.
    for (const statement of FLOOR_QUOTED) await client.query(statement, [address]);
    await client.query('commit');
    eraseFloor.push(performance.now() - start);
  }
  // A retention batch: 500 addresses of the million in one call.
  const batch = (
    await client.query<{ email: string }>(
      `select lower(email) as email from contacts where email like '%@%' order by id limit ${BATCH}`,
    )
  ).rows.map((r) => r.email);
  const batchStart = performance.now();
  const batchDone = await eraseAddresses(orm.em.fork() as EntityManager, deps, batch, by);
  const batchMs = performance.now() - batchStart;
  await client.end();
  await orm.close();

  const line = (label: string, xs: number[]) =>
    `| ${label} | ${pct(xs, 50).toFixed(1)} | ${pct(xs, 95).toFixed(1)} |`;
  const ratio = pct(app, 95) / pct(floor, 95);
  const eraseRatio = pct(erase, 50) / pct(eraseFloor, 50);
  const body = `Exporting one person (2 contacts, the address in two cases) at ${ROWS.toLocaleString('en-US')} contacts, each with a timeline entry, an email and a webhook delivery (seeded in ${seedSeconds.toFixed(0)} s); ${ITERATIONS} exports after 3 warm-ups. Budget: under ${BUDGET_MS} ms.

| | p50 ms | p95 ms |
| --- | --- | --- |
${line('POST /privacy/exports (exportPerson, every section, one snapshot)', app)}
${line('floor: the same lookups by plain SQL on one raw connection', floor)}

p95 ratio to the floor: ${ratio.toFixed(2)}x; ${pct(app, 95) < BUDGET_MS ? 'within' : 'OVER'} the budget.

Erasing one person (2 contacts with a timeline entry, an email, a webhook delivery, an audit entry and a quarantined submission each) at the same ${ROWS.toLocaleString('en-US')} contacts (with an audit entry each), ${ERASED} people one after another; the floor erases as many others by plain SQL in one transaction: the deletes by ids and address, the audit entries by id, and one substring read of each free-text column (audit values, emails and webhook payloads about no contact, import errors) where the erasure matches whole words. Budget: under ${(ERASE_BUDGET_MS / 1000).toFixed(0)} s.

| | p50 ms | max ms |
| --- | --- | --- |
| POST /privacy/erasures (eraseAddresses, one transaction) | ${pct(erase, 50).toFixed(0)} | ${Math.max(...erase).toFixed(0)} |
| floor: the same deletes and free-text reads by plain SQL | ${pct(eraseFloor, 50).toFixed(0)} | ${Math.max(...eraseFloor).toFixed(0)} |
| a retention batch: ${BATCH} addresses in one erasure (${batchDone.counts.contacts} contacts) | ${batchMs.toFixed(0)} | |

p50 ratio to the floor: ${eraseRatio.toFixed(2)}x; ${Math.max(...erase) < ERASE_BUDGET_MS ? 'within' : 'OVER'} the budget.`;
  console.log(body);
  if (process.argv.includes('--write'))
    writeBenchmarkSection("A person's data export and erasure", body);
} finally {
  await dropDatabase(name);
}
