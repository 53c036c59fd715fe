/**
 * The CRM core at scale, through the real Express app over HTTP:
 * - a contact's timeline with 1,000 events (status and owner changes, notes, lead emails and
 *   webhook deliveries) among 100,000 contacts: GET /api/contacts/{id}/activity, budget p95 < 50 ms;
 * - the audit log's first page with 1,000,000 entries, unfiltered and by each filter:
 *   GET /api/audit-log, budget p95 < 50 ms;
 * beside the same SQL sent with bare `pg` (the physical baseline), with the plans.
 * `--write` records the figures in docs/BENCHMARKS.md (## CRM core).
 *
 *   node --import tsx bench/crm-core.ts [--contacts 100000] [--audit 1000000] [--iterations 100] [--write]
 */
import { randomBytes } from 'node:crypto';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ormOptions } from '../mikro-orm.config';
import { createDatabase, dropDatabase } from '../src/server/test/pg-admin';
import { createUser } from '../src/server/users/users.service';
import { writeBenchmarkSection } from './bench-doc';
import { startSignedInApp } from './in-process-app';
import { seedContacts } from './seed-contacts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CONTACTS = arg('contacts', 100_000);
const AUDIT_ROWS = arg('audit', 1_000_000);
const ITERATIONS = arg('iterations', 100);
const BUDGET_MS = 50;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};

async function time(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 5; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return { p50: pct(samples, 50), p95: pct(samples, 95) };
}

/** 1,000 events for one contact: 400 status changes, 200 owner changes, 200 notes, 100 emails, 100 webhooks. */
async function seedTimeline(em: EntityManager, contactId: number, userId: number) {
  await em.execute(
    `insert into contact_activities (contact_id, type, at, actor_id, data)
     select ?, t, now() - g * interval '1 minute', ?, case t
              when 'note' then jsonb_build_object('body', 'Called, left a voicemail #' || g)
              when 'owner_changed' then jsonb_build_object('from', null, 'to', ?::int)
              else jsonb_build_object('from', 'new', 'to', 'contacted') end
       from generate_series(1, 800) g,
            lateral (select case when g % 4 = 0 then 'note' when g % 4 = 1 then 'owner_changed'
                                 else 'status_changed' end as t) k`,
    [contactId, userId, userId],
  );
  await em.execute(
    `insert into notification_messages (kind, "to", subject, text, html, status, contact_id, created_at)
     select 'alert', 'sales@example.com', 'New lead', 'x', 'x', 'sent', ?, now() - g * interval '2 minutes'
       from generate_series(1, 100) g`,
    [contactId],
  );
  const [endpoint] = await em.execute<{ id: number }[]>(
    `insert into webhook_endpoints (url, secret, events, enabled) values ('https://hooks.example.com/in', 'whsec_x', '["contact.created"]', true) returning id`,
  );
  await em.execute(
    `insert into webhook_deliveries (endpoint_id, contact_id, message_id, event, payload, status, attempts, created_at)
     select ?, ?, 'msg_' || g, 'contact.status_changed', '{}', 'succeeded', 1, now() - g * interval '3 minutes'
       from generate_series(1, 100) g`,
    [endpoint!.id, contactId],
  );
}

async function seedAudit(em: EntityManager, rows: number, userIds: number[]) {
  await em.execute(
    `insert into audit_log (at, actor_id, actor_username, action, entity_type, entity_id, changes, ip, user_agent)
     select now() - (? - g) * interval '1 second', (array[${userIds.join(',')}])[1 + g % ${userIds.length}], 'bench',
            (array['update','update_status','create','delete','login','set_owner','bulk','add_note'])[1 + g % 8],
            (array['contact','contact','contact','user','campaign','service_inquiry','webhook','security_settings'])[1 + (g / 8) % 8],
            (g % 100000)::text, '{"status":{"from":"new","to":"contacted"}}', '10.0.0.' || (g % 250), 'Mozilla/5.0 bench'
       from generate_series(1, ?) g`,
    [rows, rows],
  );
  await em.execute('vacuum analyze audit_log');
}

const dbName = `convoza_bench_crm_${randomBytes(4).toString('hex')}`;
const url = await createDatabase(dbName);
try {
  const orm = await MikroORM.init(ormOptions(url));
  await orm.migrator.up();
  const em = orm.em.fork() as EntityManager;
  await seedContacts(em, CONTACTS);
  const makeUser = (username: string) =>
    createUser(em, {
      username,
      email: `${username}@example.com`,
      password: 'bench-password',
      role: 'admin',
      firstName: null,
      lastName: null,
    });
  const admin = await makeUser('bench');
  const others = [await makeUser('ana'), await makeUser('ben'), await makeUser('cai')];
  const contactId = Math.floor(CONTACTS / 2);
  await seedTimeline(em, contactId, admin.id);
  const seedStart = performance.now();
  await seedAudit(em, AUDIT_ROWS, [admin.id, ...others.map((u) => u.id)]);
  const auditSeedSeconds = (performance.now() - seedStart) / 1000;
  await em.execute('vacuum analyze contact_activities');

  const { base, cookie, close } = await startSignedInApp(orm, 'bench', 'bench-password');
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  try {
    const get = async (path: string, expectItems: number) => {
      const res = await fetch(`${base}/api${path}`, { headers: { cookie } });
      const body = (await res.json()) as unknown[] | { items: unknown[] };
      const n = Array.isArray(body) ? body.length : body.items.length;
      if (res.status !== 200 || n !== expectItems)
        throw new Error(`${path}: ${res.status}, ${n} items`);
    };

    const rows: string[] = [];
    const explains: string[] = [];
    const measure = async (
      label: string,
      path: string,
      items: number,
      sql: string,
      params: unknown[],
    ) => {
      const app = await time(() => get(path, items));
      const bare = await time(() => raw.query(sql, params));
      rows.push(
        `| ${label} | ${app.p50.toFixed(1)} ms | ${app.p95.toFixed(1)} ms | ${bare.p50.toFixed(1)} ms | ${app.p95 < BUDGET_MS ? 'yes' : '**no**'} |`,
      );
      const plan = await raw.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off) ${sql}`,
        params,
      );
      explains.push(`${label}:`, '```', ...plan.rows.map((r) => r['QUERY PLAN']), '```');
    };

    const timelineSql = `select * from (
        (select a.id, a.type, a.at from contact_activities a where a.contact_id = $1 order by a.at desc, a.id desc limit $2)
        union all (select m.id, 'email', m.created_at from notification_messages m where m.contact_id = $1 order by m.created_at desc limit $2)
        union all (select d.id, 'webhook', d.created_at from webhook_deliveries d where d.contact_id = $1 order by d.created_at desc limit $2)
      ) t order by at desc limit $2`;
    await measure(
      'Timeline, newest 200 of 1,001 events',
      `/contacts/${contactId}/activity`,
      200,
      timelineSql,
      [contactId, 200],
    );
    await measure(
      'Timeline, all 1,001 events (limit=1000)',
      `/contacts/${contactId}/activity?limit=1000`,
      1000,
      timelineSql,
      [contactId, 1000],
    );
    const auditSql = (where: string) =>
      `select * from audit_log ${where} order by id desc limit 51`;
    await measure('Audit log first page, no filter', '/audit-log', 50, auditSql(''), []);
    await measure(
      'Audit log by user',
      `/audit-log?actorId=${others[0]!.id}`,
      50,
      auditSql('where actor_id = $1'),
      [others[0]!.id],
    );
    await measure(
      'Audit log by entity (webhook)',
      '/audit-log?entityType=webhook',
      50,
      auditSql('where entity_type = $1'),
      ['webhook'],
    );
    await measure(
      'Audit log by action (delete)',
      '/audit-log?action=delete',
      50,
      auditSql('where action = $1'),
      ['delete'],
    );
    await measure(
      'Audit log, all three filters',
      `/audit-log?actorId=${others[0]!.id}&entityType=user&action=update_status`,
      50,
      auditSql('where actor_id = $1 and entity_type = $2 and action = $3'),
      [others[0]!.id, 'user', 'update_status'],
    );

    const doc = [
      `${CONTACTS.toLocaleString('en-US')} contacts (bench/seed-contacts.ts); one of them with 1,001 timeline events (800 status/owner changes and notes, 100 lead emails, 100 webhook deliveries, its creation); ${AUDIT_ROWS.toLocaleString('en-US')} audit entries (seeded in ${auditSeedSeconds.toFixed(0)} s). Each call ${ITERATIONS} times after 5 warm-ups, over HTTP with a signed-in session; "bare SQL" is the core query alone in \`pg\`. Budget: p95 under ${BUDGET_MS} ms.`,
      '',
      '| Call | App p50 | App p95 | Bare SQL p50 | Under budget |',
      '| --- | ---: | ---: | ---: | --- |',
      ...rows,
      '',
      'Plans (EXPLAIN ANALYZE of the bare SQL):',
      '',
      ...explains,
    ].join('\n');
    console.log(doc);
    if (process.argv.includes('--write')) writeBenchmarkSection('CRM core', doc);
  } finally {
    await raw.end();
    close();
    await orm.close(true);
  }
} finally {
  await dropDatabase(dbName);
}
