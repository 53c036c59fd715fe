// Lead throughput: key-authenticated POST /api/contacts on the production app (SMTP to a local
// sink, one webhook endpoint, so every lead queues an alert, an auto-reply and a delivery)
// against bench/bare-submit-server.ts writing the same rows in one transaction, alternating
// rounds on the same PostgreSQL. Then every acknowledged lead must be stored once with its two
// emails sent and its webhook delivered. Last, two app instances on one database: pg_locks is
// sampled for waits on a shared row, and together they must serve at least what one does.
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

async function startBare(databaseUrl: string, endpointId: number) {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/bare-submit-server.ts'],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        ENDPOINT_ID: String(endpointId),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise((done) => child.stdout!.once('data', done));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** Sets up a database the way the bench needs it: one key, one endpoint, alert recipient, limits. */
async function prepare(app: AppInstance, webhookPort: number) {
  const admin = await adminApi(app.url, ADMIN);
  const { key } = await admin<{ key: string }>('POST', '/integration-keys', { name: 'bench' });
  const { id: endpointId } = await admin<{ id: number }>('POST', '/webhooks', {
    url: `http://127.0.0.1:${webhookPort}/hook`,
    events: ['contact.created'],
  });
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

/** Drives `urls` (connections split between them) for DURATION s; the emails acknowledged. */
async function drive(urls: string[], key: string, tag: string) {
  const acked: string[] = [];
  const results = await Promise.all(
    urls.map((url, u) => {
      let n = 0;
      return autocannon({
        url,
        connections: Math.max(1, Math.round(CONNECTIONS / urls.length)),
        duration: DURATION,
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
  return { rps: acked.length / DURATION, acked, errors };
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

/** Every acknowledged lead once, with its two emails sent and its webhook delivered. */
async function verify(databaseUrl: string, acked: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + Number(arg('drain') ?? 300) * 1000;
    for (;;) {
      const { rows } = await client.query<{ pending: string }>(
        `select (select count(*) from notification_messages where status = 'queued')
              + (select count(*) from webhook_deliveries where status = 'pending') as pending`,
      );
      if (Number(rows[0]!.pending) === 0) break;
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
      await new Promise((r) => setTimeout(r, 500));
    }
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
      else if (Number(row.sent) !== 2 || Number(row.delivered) !== 1) incomplete += 1;
    }
    return { missing, twice, incomplete };
  } finally {
    await client.end();
  }
}

const id = randomBytes(4).toString('hex');
const appDb = `convoza_bench_submit_${id}`;
const bareDb = `convoza_bench_bare_${id}`;
const appUrl = await createDatabase(appDb);
const bareUrl = await createDatabase(bareDb);
const sinks = startSinks();
const stops: (() => unknown)[] = [sinks.stop];
try {
  const ports = await sinks.ports;
  const env = {
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
  };
  // The bare server's database gets the app's schema and set-up from an app started once on it
  // and stopped: no worker runs there, so the bare rounds send nothing.
  const migrator = await startAppInstance(bareUrl, { env });
  const bareSetup = await prepare(migrator, ports.http);
  await migrator.stop();

  const app = await startAppInstance(appUrl, { env });
  stops.push(app.stop);
  const { key } = await prepare(app, ports.http);
  const bare = await startBare(bareUrl, bareSetup.endpointId);
  stops.push(bare.stop);

  await drive([app.url], key, 'warm-app');
  await drive([bare.url], bareSetup.key, 'warm-bare');
  const acked: string[] = [];
  const rounds: { app: number; bare: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const a = await drive([app.url], key, `app${round}`);
    const b = await drive([bare.url], bareSetup.key, `bare${round}`);
    if (a.errors || b.errors)
      console.log(`round ${round}: ${a.errors} app / ${b.errors} bare errors`);
    acked.push(...a.acked);
    rounds.push({ app: a.rps, bare: b.rps });
    console.log(
      `round ${round}: app ${a.rps.toFixed(0)} leads/s, bare ${b.rps.toFixed(0)} leads/s (${(a.rps / b.rps).toFixed(2)}x)`,
    );
  }
  const checked = await verify(appUrl, acked);
  console.log('every acknowledged lead:', checked);

  // Two instances on the same database, the same connections split between them.
  const second = await startAppInstance(appUrl, { env });
  stops.push(second.stop);
  const oneInstance = await sampleLockWaits(appUrl, drive([app.url], key, 'one'));
  const twoInstances = await sampleLockWaits(appUrl, drive([app.url, second.url], key, 'two'));
  const twoChecked = await verify(appUrl, [
    ...oneInstance.result.acked,
    ...twoInstances.result.acked,
  ]);
  const waitLines = [...twoInstances.waits].sort((x, y) => y[1] - x[1]);
  console.log(
    `one instance ${oneInstance.result.rps.toFixed(0)} leads/s; two ${twoInstances.result.rps.toFixed(0)} leads/s`,
  );
  console.log(`lock waits in ${twoInstances.samples} samples:`, waitLines);

  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const ratio = median(rounds.map((r) => r.app / r.bare));
  console.log(`median ratio ${ratio.toFixed(2)}x (goal: at least 0.5x)`);
  if (process.argv.includes('--write'))
    writeBenchmarkSection(
      'Lead throughput',
      `\`npm run bench:submit\` (bench/submit-throughput.ts), ${machine()}. The production app (one process, its own database on the local PostgreSQL 15) takes \`POST /api/contacts\` with an integration key from ${CONNECTIONS} connections for ${DURATION} s; each lead is stored with an alert and an auto-reply queued for SMTP (a local sink) and a \`contact.created\` delivery queued for one webhook endpoint (a local receiver), and the same process sends them while the round runs. The baseline (bench/bare-submit-server.ts) is \`node:http\` + \`pg\` writing the same rows (key look-up, contact, two outbox messages, the delivery, three queue jobs, the clean-submission count) in one transaction into a copy of the schema, sending nothing. Rounds alternate.

| round | app | bare node:http + pg | ratio |
| ---: | ---: | ---: | ---: |
${rounds.map((r, i) => `| ${i + 1} | ${r.app.toFixed(0)} leads/s | ${r.bare.toFixed(0)} leads/s | ${(r.app / r.bare).toFixed(2)}x |`).join('\n')}

Median ratio **${ratio.toFixed(2)}x** (goal 0.5x). Afterwards every acknowledged lead (${acked.length}) was checked: missing ${checked.missing}, stored twice ${checked.twice}, without its two sent emails and delivered webhook ${checked.incomplete}.

**Two instances on one database**, the same ${CONNECTIONS} connections split between them: ${twoInstances.result.rps.toFixed(0)} leads/s against ${oneInstance.result.rps.toFixed(0)} for one instance (this machine has 2 cores, shared by both instances, PostgreSQL and the load generator). Lock waits sampled every 50 ms from \`pg_locks\` (${twoInstances.samples} samples): ${waitLines.length ? waitLines.map(([q, n]) => `${n}× \`${q}\``).join('; ') : 'none'}. Checked afterwards: missing ${twoChecked.missing}, stored twice ${twoChecked.twice}, incomplete ${twoChecked.incomplete}.

Where the rest goes: the figure is a lead's whole cost on this machine, its sending included (the app process also renders and sends two emails and one signed webhook per lead while the round runs; the baseline sends nothing), on 2 cores that also run PostgreSQL and the load generator. A lead's transaction is now the contact insert, the round-robin read, the clean-count upsert on its connection's own row, the outbox insert, one email-jobs insert, the delivery insert and one webhook-jobs insert; the settings and endpoints come from the shared cache and the key's count from its connection's own row, so two instances wait on no shared row. The waits left are the auto-reply release lock, taken by email workers (one release at a time keeps the relay limits exact) and never by a lead's request. The 0.5x goal is not met.
`,
    );
} finally {
  for (const stop of stops.reverse()) await stop();
  await dropDatabase(appDb);
  await dropDatabase(bareDb);
}
