/**
 * Speed to lead across two app instances: both run on one scratch database (and so share one
 * job queue), 500 website submissions go to them alternately, a real SMTP server counts the
 * new-lead alerts and a real HTTP receiver the `contact.created` webhooks: every submission must
 * give exactly one of each (signed), and the time from the submission's 2xx to the SMTP server's
 * receipt of its alert is reported (goal: p99 under 5 s), and to the webhook's arrival.
 *
 *   node --import tsx bench/speed-to-lead.ts [--leads 500] [--concurrency 20] [--write]
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../src/shared/notifications.schema';
import { DEFAULT_SECURITY_SETTINGS } from '../src/shared/security.schema';
import { BROWSER_HEADERS } from '../src/server/form-guard/contact-form-test-support';
import { createDatabase, dropDatabase, pgAdminUrl, reachable } from '../src/server/test/pg-admin';
import { startSmtpInbox } from '../src/server/test/smtp-inbox';
import { startReceiver, verifyStandardWebhook } from '../src/server/webhooks/test-receiver';
import { startAppInstance, type AppInstance } from './app-instance';
import { writeBenchmarkSection } from './bench-doc';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const LEADS = arg('leads', 500);
const CONCURRENCY = arg('concurrency', 20);
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password-1' };

const adminUrl = pgAdminUrl();
if (!(await reachable(adminUrl))) throw new Error(`no PostgreSQL at ${adminUrl}`);
const dbName = `convoza_bench_${randomBytes(4).toString('hex')}`;
const dbUrl = await createDatabase(dbName, { adminUrl });
const inbox = await startSmtpInbox();
const receiver = await startReceiver();
const webhookArrivals: number[] = [];
const instances: AppInstance[] = [];

/** A signed-in admin's REST calls against `base`. */
async function adminApi(base: string) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

try {
  const env = {
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Convoza <hello@convoza.test>',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    // The receiver is on loopback.
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
  };
  // One after the other: the first creates the schema and the first admin.
  instances.push(await startAppInstance(dbUrl, { env }));
  instances.push(await startAppInstance(dbUrl, { env }));
  const api = await adminApi(instances[0]!.url);
  await api('PUT', '/security/settings', {
    ...DEFAULT_SECURITY_SETTINGS,
    rateLimitEnabled: false,
    botDetectionEnabled: false,
  });
  await api('PUT', '/notifications/settings', {
    ...DEFAULT_NOTIFICATION_SETTINGS,
    alertRecipients: ['sales@convoza.test'],
    autoReplyEnabled: false,
  });
  const { secret } = (await api('POST', '/webhooks', {
    url: receiver.url,
    events: ['contact.created'],
  })) as { secret: string };
  // The receiver keeps requests in arrival order; note when each arrived.
  const watch = setInterval(() => {
    while (webhookArrivals.length < receiver.received.length) webhookArrivals.push(Date.now());
  }, 5);

  const acceptedAt = new Map<string, number>();
  const statuses: Record<number, number> = {};
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < LEADS; i = next++) {
        const name = `Bench Lead ${i}`;
        const res = await fetch(`${instances[i % 2]!.url}/api/contacts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
          body: JSON.stringify({ name, email: `lead${i}@example.com`, message: 'Call me' }),
        });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.ok) acceptedAt.set(name, Date.now());
      }
    }),
  );
  const submitSeconds = (performance.now() - started) / 1000;

  await inbox.waitFor(acceptedAt.size, 120_000);
  await receiver.waitFor(acceptedAt.size, 120_000);
  // Anything sent twice would arrive within the queue's next polls.
  await new Promise((r) => setTimeout(r, 5000));
  clearInterval(watch);
  const perLead = new Map<string, number>();
  const latencies: number[] = [];
  inbox.messages.forEach((mail, i) => {
    const name = /New lead: (Bench Lead \d+)/.exec(mail.subject ?? '')?.[1] ?? '?';
    perLead.set(name, (perLead.get(name) ?? 0) + 1);
    const accepted = acceptedAt.get(name);
    if (accepted !== undefined && perLead.get(name) === 1)
      latencies.push(inbox.receivedAt[i]! - accepted);
  });
  const duplicated = [...perLead.values()].filter((n) => n > 1).length;
  const missing = [...acceptedAt.keys()].filter((name) => !perLead.has(name)).length;
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);

  const perWebhookId = new Map<string, number>();
  const webhookLatencies: number[] = [];
  let unsigned = 0;
  receiver.received.forEach((request, i) => {
    const id = String(request.headers['webhook-id']);
    perWebhookId.set(id, (perWebhookId.get(id) ?? 0) + 1);
    if (!verifyStandardWebhook(secret, request)) unsigned += 1;
    const name = (JSON.parse(request.body) as { data: { contact: { name: string } } }).data.contact
      .name;
    const accepted = acceptedAt.get(name);
    if (accepted !== undefined && perWebhookId.get(id) === 1)
      webhookLatencies.push(webhookArrivals[i]! - accepted);
  });
  const webhooksTwice = [...perWebhookId.values()].filter((n) => n > 1).length;
  webhookLatencies.sort((a, b) => a - b);

  const md = `How to reproduce: \`node --import tsx bench/speed-to-lead.ts --write\` (a scratch database on the
local PostgreSQL). Two production app processes share one database and so one pg-boss queue; ${LEADS} website
submissions (${CONCURRENCY} at a time, alternating between the instances, protections relaxed) each store a contact
and enqueue its new-lead alert and its \`contact.created\` webhook in the same transaction; an in-process SMTP
server (smtp-server) receives the alerts and an HTTP server on loopback the webhooks, checking each signature.

| Measure | Value |
| --- | --- |
| Submissions answered | ${Object.entries(statuses)
    .map(([s, n]) => `${n} × ${s}`)
    .join(', ')} in ${submitSeconds.toFixed(1)} s |
| Alerts received | ${inbox.messages.length} for ${acceptedAt.size} accepted submissions |
| Missing / sent twice | ${missing} / ${duplicated} |
| Time to alert (2xx → SMTP receipt) | p50 ${p50} ms, p99 ${p99} ms, max ${latencies.at(-1)} ms (goal: p99 < 5,000 ms) |
| Webhooks received | ${receiver.received.length} (${perWebhookId.size} distinct webhook-ids), ${unsigned} with a bad signature |
| Webhook-ids delivered twice | ${webhooksTwice} |
| Time to webhook (2xx → receiver) | p50 ${percentile(webhookLatencies, 50)} ms, p99 ${percentile(webhookLatencies, 99)} ms |
`;
  process.stdout.write(`${md}\n`);
  if (process.argv.includes('--write')) writeBenchmarkSection('Speed to lead', md);
  const webhooksOk = perWebhookId.size === acceptedAt.size && webhooksTwice === 0 && unsigned === 0;
  process.exitCode = missing === 0 && duplicated === 0 && p99 < 5000 && webhooksOk ? 0 : 1;
} finally {
  await Promise.all(instances.map((i) => i.stop()));
  await inbox.close();
  await receiver.close();
  await dropDatabase(dbName, { adminUrl });
}
