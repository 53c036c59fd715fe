/**
 * A person's data export at 1,000,000 contacts (budget: under 2 s), against the physical floor
 * measured in the same run: the same lookups by plain SQL on one raw connection (the contacts'
 * ids by address, then each section by those ids or the address), with no transaction or ORM.
 * The person has two contacts (the address in two cases) with a timeline, an email, a webhook
 * delivery and a quarantined submission; the other million have timelines, emails and webhook
 * deliveries of their own, so every section's lookup runs against a full table.
 *
 *   node --import tsx bench/privacy.ts [--rows 1000000] [--iterations 20] [--write]
 */
import { randomBytes } from 'node:crypto';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ormOptions } from '../mikro-orm.config';
import { exportPerson } from '../src/server/privacy/privacy-export.service';
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
  await conn.execute('vacuum analyze');
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const held = await exportPerson(orm.em.fork() as EntityManager, EMAIL);
  if (held.contacts.length !== 2 || held.messages.length !== 2 || held.quarantined.length !== 1)
    throw new Error(`The export missed the person's rows: ${JSON.stringify(held).slice(0, 300)}`);
  const app = await timed(() => exportPerson(orm.em.fork() as EntityManager, EMAIL));

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
  await client.end();
  await orm.close();

  const line = (label: string, xs: number[]) =>
    `| ${label} | ${pct(xs, 50).toFixed(1)} | ${pct(xs, 95).toFixed(1)} |`;
  const ratio = pct(app, 95) / pct(floor, 95);
  const body = `Exporting one person (2 contacts, the address in two cases) at ${ROWS.toLocaleString('en-US')} contacts, each with a timeline entry, an email and a webhook delivery (seeded in ${seedSeconds.toFixed(0)} s); ${ITERATIONS} exports after 3 warm-ups. Budget: under ${BUDGET_MS} ms.

| | p50 ms | p95 ms |
| --- | --- | --- |
${line('POST /privacy/exports (exportPerson, every section, one snapshot)', app)}
${line('floor: the same lookups by plain SQL on one raw connection', floor)}

p95 ratio to the floor: ${ratio.toFixed(2)}x; ${pct(app, 95) < BUDGET_MS ? 'within' : 'OVER'} the budget.`;
  console.log(body);
  if (process.argv.includes('--write')) writeBenchmarkSection("A person's data export", body);
} finally {
  await dropDatabase(name);
}
