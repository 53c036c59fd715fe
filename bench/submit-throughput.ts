// Lead throughput: key-authenticated POST /api/contacts on the production app against bare
// node:http + pg baselines on the same PostgreSQL, in alternating rounds, two ways:
// - acknowledging: the app without SMTP or webhooks vs bench/bare-submit-server.ts writing the
//   same rows in one transaction (leads answered per second);
// - delivering: the app with SMTP to a local sink and one webhook endpoint vs
//   bench/bare-delivery-pipeline.ts (same rows, then pooled SMTP and a keep-alive webhook):
//   leads fully delivered per second over a burst and its drain.
// Every acknowledged lead must be stored once, with its two emails sent and its webhook
// delivered. Last, two app instances on one database: pg_locks is sampled for waits on a shared
// row, and together they must serve at least what one does.
//   npm run bench:submit            (writes "Lead throughput" in docs/BENCHMARKS.md)
//   node --import tsx bench/submit-throughput.ts --duration 5 --rounds 1   (quick, prints only)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort } from '../src/server/free-port';
import { createDatabase, dropDatabase } from '../src/server/test/pg-admin';
import { startAppInstance, type AppInstance } from './app-instance';
import { adminApi } from './admin-api';
import { autocannon } from './autocannon';
import { machine, writeBenchmarkSection } from './bench-doc';
import { countCpu } from './cpu-use';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
};
const DURATION = Number(arg('duration') ?? 10);
const ROUNDS = Number(arg('rounds') ?? 3);
const CONNECTIONS = Number(arg('connections') ?? 16);
const ADMIN = { username: 'submitbench', password: 'submit-bench-password-1' };

/** The SMTP sink and the webhook receiver, in a process of their own (the outbox says what was sent). */
function startSinks() {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { createServer } from 'node:http';
       import { SMTPServer } from 'smtp-server';
       const smtp = new SMTPServer({ disabledCommands: ['STARTTLS'], authOptional: true, logger: false,
         onData(stream, _s, done) { stream.resume(); stream.on('end', () => done()); } });
       const http = createServer((req, res) => { req.resume(); req.on('end', () => res.end('ok')); });
       smtp.listen(0, '127.0.0.1', () => http.listen(0, '127.0.0.1', () =>
         process.stdout.write(JSON.stringify({ smtp: smtp.server.address().port, http: http.address().port }) + '\\n')));
`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const ports = new Promise<{ smtp: number; http: number }>((done) =>
    child.stdout!.once('data', (line: Buffer) => done(JSON.parse(line.toString()))),
  );
  return { ports, stop: () => child.kill() };
}

/** A bare baseline (bench/bare-submit-server.ts or bench/bare-delivery-pipeline.ts) on its port. */
async function startBare(script: string, env: Record<string, string>) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((done) => child.stdout!.once('data', done));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill() };
}

/** Sets up a database the way the bench needs it: one key, alert recipient, limits, and one endpoint when `webhookPort`. */
async function prepare(app: AppInstance, webhookPort?: number) {
  const admin = await adminApi(app.url, ADMIN);
  const { key } = await admin<{ key: string }>('POST', '/integration-keys', { name: 'bench' });
  const endpointId = webhookPort
    ? (
        await admin<{ id: number }>('POST', '/webhooks', {
          url: `http://127.0.0.1:${webhookPort}/hook`,
          events: ['contact.created'],
        })
      ).id
    : undefined;
  const notifications = await admin<Record<string, unknown>>('GET', '/notifications/settings');
  await admin('PUT', '/notifications/settings', {
    ...notifications,
    alertRecipients: ['sales@bench.example'],
    autoReplyHourlyLimit: 10_000,
  });
  const security = await admin<Record<string, unknown>>('GET', '/security/settings');
  await admin('PUT', '/security/settings', { ...security, integrationKeyHourlyLimit: 100_000 });
  return { key, endpointId };
}

/** Drives `urls` (connections split between them) for `duration` s; the emails acknowledged. */
async function drive(urls: string[], key: string, tag: string, duration = DURATION) {
  const acked: string[] = [];
  const results = await Promise.all(
    urls.map((url, u) => {
      let n = 0;
      return autocannon({
        url,
        connections: Math.max(1, Math.round(CONNECTIONS / urls.length)),
        duration,
        timeout: 30,
        requests: [
          {
            method: 'POST',
            path: '/api/contacts',
            setupRequest: (req, context) => {
              const email = `${tag}-${u}-${++n}@bench.example`;
              context.email = email;
              return {
                ...req,
                headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
                body: JSON.stringify({
                  name: `Bench Lead ${n}`,
                  email,
                  message: 'We would like to discuss outbound calling for our sales team.',
                }),
              };
            },
            onResponse: (status, _body, context) => {
              if (status === 201 || status === 200) acked.push(String(context.email));
            },
          },
        ],
      });
    }),
  );
  const errors = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
  return { rps: acked.length / duration, acked, errors };
}

/** Samples ungranted locks every 50 ms while `work` runs: what the waiting statements were. */
async function sampleLockWaits<T>(databaseUrl: string, work: Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const waits = new Map<string, number>();
  let samples = 0;
  let done = false;
  void work.finally(() => (done = true));
  while (!done) {
    samples += 1;
    const { rows } = await client.query<{ query: string }>(
      `select left(regexp_replace(a.query, '\\s+', ' ', 'g'), 90) as query
         from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where not l.granted and a.datname = current_database()`,
    );
    for (const { query } of rows) waits.set(query, (waits.get(query) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, 50));
  }
  await client.end();
  return { result: await work, samples, waits };
}

/** Waits (polling every 50 ms) until no email is queued and no webhook pending; when that was. */
async function drained(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + Number(arg('drain') ?? 300) * 1000;
    for (;;) {
      const { rows } = await client.query<{ pending: string }>(
        `select (select count(*) from notification_messages where status = 'queued')
              + (select count(*) from webhook_deliveries where status = 'pending') as pending`,
      );
      if (Number(rows[0]!.pending) === 0) return performance.now();
      if (Date.now() > deadline) {
        const { rows: why } = await client.query<{ error: string; n: string }>(
          `select what || ': ' || coalesce(last_error, 'no error yet') as error, count(*) as n from (
             select 'email' as what, last_error from notification_messages where status = 'queued'
             union all select 'webhook', last_error from webhook_deliveries where status = 'pending') as p
           group by 1 order by 2 desc limit 5`,
        );
        throw new Error(
          `${rows[0]!.pending} emails/webhooks still pending: ${why.map((w) => `${w.n}× ${w.error}`).join('; ')}`,
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await client.end();
  }
}

/**
 * Every acknowledged lead stored once and, when `sent`, with its two emails sent and its webhook
 * delivered (once each: a second send would need a second outbox row or delivery).
 */
async function verify(databaseUrl: string, acked: string[], sent = true) {
  await drained(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      email: string;
      contacts: string;
      sent: string;
      delivered: string;
    }>(
      `select c.email, count(distinct c.id) as contacts,
              count(distinct n.id) filter (where n.status = 'sent') as sent,
              count(distinct d.id) filter (where d.status = 'succeeded') as delivered
         from contacts c
         left join notification_messages n on n.contact_id = c.id
         left join webhook_deliveries d on d.contact_id = c.id
        where c.email = any($1)
        group by c.email`,
      [acked],
    );
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    let missing = 0;
    let twice = 0;
    let incomplete = 0;
    for (const email of acked) {
      const row = byEmail.get(email);
      if (!row) missing += 1;
      else if (Number(row.contacts) > 1) twice += 1;
      else if (sent && (Number(row.sent) !== 2 || Number(row.delivered) !== 1)) incomplete += 1;
    }
    return { missing, twice, incomplete };
  } finally {
    await client.end();
  }
}

/**
 * A burst of `duration` s and its drain: leads fully delivered (two emails sent, the webhook
 * delivered) per second from the burst's start until nothing is left to send.
 */
async function burst(
  url: string,
  key: string,
  tag: string,
  databaseUrl: string,
  duration = DURATION,
) {
  const started = performance.now();
  const driven = await drive([url], key, tag, duration);
  const seconds = ((await drained(databaseUrl)) - started) / 1000;
  const checked = await verify(databaseUrl, driven.acked);
  const delivered = driven.acked.length - checked.missing - checked.twice - checked.incomplete;
  return { ...driven, seconds, delivered, lps: delivered / seconds, checked };
}

/** What the figures leave out and where the rest goes, written under them. */
const REMAINS = `How the app gets here. **Group commit**: leads sent with an integration key that arrive while a transaction is running wait for it and share the next one (src/server/db/group-commit.ts; a lone lead starts at once, and under load a drain waits up to 5 ms for as many as the last batch held). One transaction then checks them all (the wrong-key look-up per network, the keys in one read, the hourly hits of each key in one statement) and stores them with multi-row inserts written past the unit of work (no entity, no change set): the contacts, the emails and webhook deliveries with their jobs, the audit entries of their events, one clean-submission count. The bus publishes the batch at once (publishAll): subscribers take the whole list, and what is decided per lead runs in that lead's own request context, so each audit entry names its own IP and user agent. A transaction that fails as a whole is retried lead by lead, so one bad lead fails only its own request. A burst of 16 concurrent senders costs about 11 statements per 8 leads instead of 11 per lead, and the app's CPU per lead fell from about 4x the bare server's to under 3x (the column above; 3.5 ms against 0.8 ms at the last stop). **Sending in batches**: each webhook worker claims its fetch's attempts in one statement and records the accepted ones in one (an attempt stuck at a slow endpoint holds the others' record 50 ms at most, then they are recorded and their jobs completed without it); an email batch holds up to 25 messages and checks the relay limits for all of them in one read and one stamp under the release lock. Traced with PostgreSQL's statement log, a burst of 400 delivered leads went from 8.3 statements per lead to 4.1. **Job wake-ups**: an insert announces its queue and count in its transaction, and each instance wakes one worker per batch of jobs (src/server/jobs/job-wakeups.ts), not every worker of the queue as pg-boss's own NOTIFY did.

What is left, where a CPU profile of the delivering run puts it: the socket writes of the PostgreSQL protocol (one per statement, about a fifth of the busy time on this machine's loopback), nodemailer's MIME building and SMTP dialogue (the bare pipeline pays the same), and pg-boss's fetches: with one endpoint and its limit of 4 attempts at once, a second woken webhook worker finds the endpoint's group full and fetches nothing (about half the webhook fetches). Sending still shares the one thread that acknowledges.`;

const id = randomBytes(4).toString('hex');
const names = ['ack_app', 'ack_bare', 'send_app', 'send_bare', 'pair'].map(
  (n) => `convoza_bench_${n}_${id}`,
);
const [ackAppUrl, ackBareUrl, appUrl, bareUrl, pairUrl] = await Promise.all(
  names.map((n) => createDatabase(n)),
);
const sinks = startSinks();
const stops: (() => unknown)[] = [sinks.stop];
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
try {
  const ports = await sinks.ports;
  const quiet = {
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
  };
  const env = { ...quiet, SMTP_URL: `smtp://127.0.0.1:${ports.smtp}` };
  // A bare baseline's database gets the app's schema and set-up from an app started once on it
  // and stopped: no worker runs there.
  const setUpForBare = async (url: string, webhookPort?: number) => {
    const migrator = await startAppInstance(url, { env });
    const setup = await prepare(migrator, webhookPort);
    await migrator.stop();
    return setup;
  };
  const ackBareSetup = await setUpForBare(ackBareUrl!);
  const bareSetup = await setUpForBare(bareUrl!, ports.http);

  // Acknowledging: the app without SMTP or webhook endpoints against the bare server.
  const ackApp = await startAppInstance(ackAppUrl!, { env: quiet });
  stops.push(ackApp.stop);
  const { key: ackKey } = await prepare(ackApp);
  const ackBare = await startBare('bench/bare-submit-server.ts', { DATABASE_URL: ackBareUrl! });
  stops.push(ackBare.stop);
  // The stack's floor: the app's framework with the bare server's writes as its procedure.
  const floor = await startBare('bench/stack-floor-server.ts', { DATABASE_URL: ackBareUrl! });
  stops.push(floor.stop);
  // Delivering: the app with SMTP and one endpoint against the bare pipeline.
  const app = await startAppInstance(appUrl!, { env });
  stops.push(app.stop);
  const { key } = await prepare(app, ports.http);
  const bare = await startBare('bench/bare-delivery-pipeline.ts', {
    DATABASE_URL: bareUrl!,
    ENDPOINT_ID: String(bareSetup.endpointId),
    SMTP_URL: env.SMTP_URL,
  });
  stops.push(bare.stop);

  // Short warm-ups: the delivering database's auto-replies count against the hourly limit.
  await drive([ackApp.url], ackKey, 'warm-app', 3);
  await drive([ackBare.url], ackBareSetup.key, 'warm-bare', 3);
  await drive([floor.url], ackBareSetup.key, 'warm-floor', 3);
  await burst(app.url, key, 'warm-send-app', appUrl!, 2);
  await burst(bare.url, bareSetup.key, 'warm-send-bare', bareUrl!, 2);
  const ackAcked: string[] = [];
  const acks: { app: number; bare: number; floor: number }[] = [];
  const sends: { app: number; bare: number; appSeconds: number; bareSeconds: number }[] = [];
  const sendChecks: { missing: number; twice: number; incomplete: number }[] = [];
  let sendAcked = 0;
  /** CPU milliseconds a process spent per lead it acknowledged (from /proc). */
  const perLead = (ms: number | undefined, n: number) => ((ms ?? 0) / n).toFixed(2);
  const cpus: { app: string; bare: string }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const appCpu = countCpu(ackApp.child.pid);
    const a = await drive([ackApp.url], ackKey, `app${round}`);
    const aCpu = appCpu();
    const bareCpu = countCpu(ackBare.pid);
    const b = await drive([ackBare.url], ackBareSetup.key, `bare${round}`);
    const bCpu = bareCpu();
    const cpu = {
      app: perLead(aCpu?.appMs, a.acked.length),
      bare: perLead(bCpu?.appMs, b.acked.length),
    };
    cpus.push(cpu);
    console.log(`round ${round} CPU per lead: app ${cpu.app} ms, bare ${cpu.bare} ms`);
    const f = await drive([floor.url], ackBareSetup.key, `floor${round}`);
    const sa = await burst(app.url, key, `send-app${round}`, appUrl!);
    const sb = await burst(bare.url, bareSetup.key, `send-bare${round}`, bareUrl!);
    const errors = [a, b, f, sa, sb].map((r) => r.errors);
    if (errors.some(Boolean))
      console.log(`round ${round}: errors (ack app, bare, floor, send app, bare)`, errors);
    ackAcked.push(...a.acked);
    sendAcked += sa.acked.length;
    sendChecks.push(sa.checked);
    acks.push({ app: a.rps, bare: b.rps, floor: f.rps });
    sends.push({ app: sa.lps, bare: sb.lps, appSeconds: sa.seconds, bareSeconds: sb.seconds });
    console.log(
      `round ${round}: acknowledging app ${a.rps.toFixed(0)} leads/s, bare ${b.rps.toFixed(0)} (${(a.rps / b.rps).toFixed(2)}x), stack floor ${f.rps.toFixed(0)} (${(f.rps / b.rps).toFixed(2)}x); ` +
        `delivering app ${sa.lps.toFixed(0)} leads/s (${sa.delivered} in ${sa.seconds.toFixed(1)} s), ` +
        `bare ${sb.lps.toFixed(0)} (${sb.delivered} in ${sb.seconds.toFixed(1)} s) (${(sa.lps / sb.lps).toFixed(2)}x)`,
    );
  }
  const ackChecked = await verify(ackAppUrl!, ackAcked, false);
  const checked = sendChecks.reduce((sum, c) => ({
    missing: sum.missing + c.missing,
    twice: sum.twice + c.twice,
    incomplete: sum.incomplete + c.incomplete,
  }));
  console.log('acknowledged without sending:', ackChecked, '; delivering:', checked);

  // Two instances on a database of their own (the hourly auto-reply limit counts per database),
  // the same connections split between them.
  const first = await startAppInstance(pairUrl!, { env });
  stops.push(first.stop);
  const { key: pairKey } = await prepare(first, ports.http);
  const second = await startAppInstance(pairUrl!, { env });
  stops.push(second.stop);
  const oneInstance = await sampleLockWaits(pairUrl!, drive([first.url], pairKey, 'one'));
  const twoInstances = await sampleLockWaits(
    pairUrl!,
    drive([first.url, second.url], pairKey, 'two'),
  );
  const twoChecked = await verify(pairUrl!, [
    ...oneInstance.result.acked,
    ...twoInstances.result.acked,
  ]);
  const waitLines = [...twoInstances.waits].sort((x, y) => y[1] - x[1]);
  console.log(
    `one instance ${oneInstance.result.rps.toFixed(0)} leads/s; two ${twoInstances.result.rps.toFixed(0)} leads/s`,
  );
  console.log(`lock waits in ${twoInstances.samples} samples:`, waitLines);

  const ackRatio = median(acks.map((r) => r.app / r.bare));
  const floorRatio = median(acks.map((r) => r.floor / r.bare));
  const sendRatio = median(sends.map((r) => r.app / r.bare));
  console.log(
    `median ratios: acknowledging ${ackRatio.toFixed(2)}x, delivering ${sendRatio.toFixed(2)}x (goal: at least 0.5x each)`,
  );
  if (process.argv.includes('--write'))
    writeBenchmarkSection(
      'Lead throughput',
      `\`npm run bench:submit\` (bench/submit-throughput.ts), ${machine()}. The production app (one process, its own database on the local PostgreSQL 15) takes \`POST /api/contacts\` with an integration key from ${CONNECTIONS} connections for ${DURATION} s, against a bare baseline on a copy of the schema. Each round runs both measures, app then baseline.

**Acknowledging.** The app without SMTP and without webhook endpoints (each lead stores the contact and its alert and auto-reply as not_configured) against bench/bare-submit-server.ts: \`node:http\` + \`pg\` writing the same rows (key look-up, contact, two outbox messages, the clean-submission count) in one transaction. Leads acknowledged per second. **Stack floor**: bench/stack-floor-server.ts, the fixed stack (Express 5, a tRPC 11 procedure served by trpc-to-openapi, the app's zod input schema) whose procedure is the bare server's own raw \`pg\` writes, on the bare server's database: what any lead path on this stack pays before it checks or writes anything of its own.

**Delivering.** The app with SMTP (a local sink) and one \`contact.created\` endpoint (a local receiver): each lead queues an alert, an auto-reply and a delivery, which the same process sends. Against bench/bare-delivery-pipeline.ts: the same rows with their queue jobs in one transaction, then the two emails over a pooled nodemailer transport (5 connections, as the app) and the signed webhook over a keep-alive agent (4 sockets, the app's per-endpoint limit), recorded as done in one statement. Leads fully delivered (two emails sent and the webhook delivered) per second, from the start of the burst until nothing is left to send.

| round | acknowledging: app | bare | ratio | CPU per lead: app / bare | stack floor | floor ratio | delivering: app | bare pipeline | ratio |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${acks
  .map((a, i) => {
    const d = sends[i]!;
    const c = cpus[i]!;
    return `| ${i + 1} | ${a.app.toFixed(0)} leads/s | ${a.bare.toFixed(0)} leads/s | ${(a.app / a.bare).toFixed(2)}x | ${c.app} / ${c.bare} ms | ${a.floor.toFixed(0)} leads/s | ${(a.floor / a.bare).toFixed(2)}x | ${d.app.toFixed(0)} leads/s (drained in ${d.appSeconds.toFixed(1)} s) | ${d.bare.toFixed(0)} leads/s (${d.bareSeconds.toFixed(1)} s) | ${(d.app / d.bare).toFixed(2)}x |`;
  })
  .join('\n')}

Median ratios: acknowledging **${ackRatio.toFixed(2)}x**, delivering **${sendRatio.toFixed(2)}x** (goal 0.5x each); the stack floor **${floorRatio.toFixed(2)}x**. Checked afterwards: of the ${ackAcked.length} leads acknowledged without sending, missing ${ackChecked.missing} and stored twice ${ackChecked.twice}; of the ${sendAcked} acknowledged with sending, missing ${checked.missing}, stored twice ${checked.twice}, without its two sent emails and delivered webhook ${checked.incomplete}.

**Two instances on one database** (with sending), the same ${CONNECTIONS} connections split between them: ${twoInstances.result.rps.toFixed(0)} leads/s acknowledged against ${oneInstance.result.rps.toFixed(0)} for one instance (this machine has 2 cores, shared by both instances, PostgreSQL and the load generator). Lock waits sampled every 50 ms from \`pg_locks\` (${twoInstances.samples} samples): ${waitLines.length ? waitLines.map(([q, n]) => `${n}× \`${q}\``).join('; ') : 'none'}. Checked afterwards: missing ${twoChecked.missing}, stored twice ${twoChecked.twice}, incomplete ${twoChecked.incomplete}.

${REMAINS}
`,
    );
} finally {
  for (const stop of stops.reverse()) await stop();
  for (const name of names) await dropDatabase(name);
}
