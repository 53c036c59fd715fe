// Request ids, log lines, readiness and metrics as an operator and an API client see them.
import { Writable } from 'node:stream';
import { generate } from 'otplib';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createLogger } from '../logger';
import { parseMetrics } from '../test/prometheus-text';
import { TEST_PASSWORD } from '../test-app';
import { useTestApp } from '../test/use-test-app';
import { currentContext, runInContext } from './request-context';
import { defineQueue, JobQueue } from '../jobs/job-queue';

/** A logger whose JSON lines the test reads (what a log shipper would receive). */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger('info', 'json', sink), lines };
}

const captured = capturedLogger();
const lifecycle = { draining: false };
const METRICS_TOKEN = 'metrics-token-for-the-tests';
const t = useTestApp({
  log: captured.log,
  webhooks: {},
  app: { lifecycle, metricsToken: METRICS_TOKEN },
});

const until = async (check: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('request ids', () => {
  it('keeps a sane X-Request-Id, echoes it, and puts it in REST and tRPC error bodies', async () => {
    const res = await fetch(`${t.url}/api/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'lb-7f3a.42_x' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-request-id')).toBe('lb-7f3a.42_x');
    expect(((await res.json()) as { requestId: string }).requestId).toBe('lb-7f3a.42_x');

    const trpc = await fetch(`${t.url}/trpc/admin.contacts.list`, {
      headers: { 'x-request-id': 'trpc-call-1' },
    });
    expect(trpc.status).toBe(401);
    const body = (await trpc.json()) as { error: { json: { requestId: string } } };
    expect(body.error.json.requestId).toBe('trpc-call-1');
  });

  it('replaces an id that is not a sane token with a new one', async () => {
    for (const bad of ['<script>', 'a'.repeat(65), 'two words']) {
      const res = await fetch(`${t.url}/api/health`, { headers: { 'x-request-id': bad } });
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('log lines', () => {
  it('logs each request once with its id, method, route (no query) and status', async () => {
    captured.lines.length = 0;
    await fetch(`${t.url}/api/contacts/form-token?secret=abc`, {
      headers: { 'x-request-id': 'line-check-1' },
    });
    await until(() => captured.lines.some((l) => l.requestId === 'line-check-1'));
    const line = captured.lines.find((l) => l.requestId === 'line-check-1')!;
    expect(line).toMatchObject({
      level: 'info',
      req: { method: 'GET' },
      route: '/api/contacts/form-token',
      res: { status: 200 },
    });
    expect(JSON.stringify(line)).not.toContain('secret=abc');
  });

  it('names secret links by their route, never by their token', async () => {
    captured.lines.length = 0;
    const secret = 'a1b2c3d4'.repeat(8);
    const paths: [string, string][] = [
      [`/book/${secret}`, '/book/{token}'],
      [`/booking/${secret}`, '/booking/{manageToken}'],
      [`/api/bookings/manage/${secret}`, '/api/bookings/manage/{manageToken}'],
      [
        `/api/bookings/manage/${secret}/calendar.ics`,
        '/api/bookings/manage/:manageToken/calendar.ics',
      ],
      [`/api/calendar/${secret}.ics`, '/api/calendar/:feedToken.ics'],
      [`/api/booking/slots?token=${secret}`, '/api/booking/slots'],
    ];
    for (const [path, route] of paths) {
      const id = `secret-route-${route.length}-${path.length}`;
      await fetch(`${t.url}${path}`, { headers: { 'x-request-id': id } });
      await until(() => captured.lines.some((l) => l.requestId === id && 'route' in l));
      expect(captured.lines.find((l) => l.requestId === id && 'route' in l)?.route).toBe(route);
    }
    expect(JSON.stringify(captured.lines)).not.toContain(secret);
  });

  it('never writes cookies, authorization, passwords, tokens or recovery codes', async () => {
    captured.lines.length = 0;
    // A sign-in (password in the body, session cookie in the answer) and a submission with an
    // integration key (in the Authorization header).
    const admin = await t.signedIn('admin');
    const { body: created } = await admin.rest<{ key: string }>('POST', '/integration-keys', {
      name: 'log check',
    });
    await fetch(`${t.url}/api/contacts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${created.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Key Lead', email: 'key@lead.example', message: 'Hello' }),
    });
    captured.log.warn('something to look at', {
      password: 'hunter2-password',
      user: { token: 'tok-123456', recoveryCodes: ['abcd-efgh'] },
    });
    await fetch(`${t.url}/api/contacts`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer ck_live_very_secret',
        cookie: 'convoza_session=very-secret-cookie',
        'x-request-id': 'secret-check',
      },
    });
    await until(() => captured.lines.some((l) => l.requestId === 'secret-check'));
    const text = JSON.stringify(captured.lines);
    for (const secret of [
      TEST_PASSWORD,
      created.key,
      admin.cookieHeader.split('=')[1]!.slice(0, 40),
      'hunter2-password',
      'tok-123456',
      'abcd-efgh',
      'ck_live_very_secret',
      'very-secret-cookie',
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });

  it('leaves no secret of a two-factor set-up and sign-in in the log', async () => {
    captured.lines.length = 0;
    const user = await t.signedIn('admin', 'twofa-ada');
    const setup = await user.rest<{ secret: string }>('POST', '/auth/2fa/setup', {
      password: TEST_PASSWORD,
    });
    const code = await generate({ secret: setup.body.secret });
    const enabled = await user.rest<{ recoveryCodes: string[] }>('POST', '/auth/2fa/enable', {
      code,
    });
    expect(enabled.status).toBe(200);
    const visitor = t.anonymous();
    await visitor.rest('POST', '/auth/login', { username: 'twofa-ada', password: TEST_PASSWORD });
    const second = await visitor.rest('POST', '/auth/login/2fa', {
      recoveryCode: enabled.body.recoveryCodes[0],
    });
    expect(second.status).toBe(200);
    await until(() => captured.lines.some((l) => l.route === '/api/auth/login/2fa'));
    const text = JSON.stringify(captured.lines);
    for (const secret of [TEST_PASSWORD, setup.body.secret, code, ...enabled.body.recoveryCodes])
      expect(text).not.toContain(secret);
  });

  it('a job logs its job id and the id of the request that queued it', async () => {
    // A queue of this test's own, on a job queue logging where the app's does.
    const failing = defineQueue<{ n: number }>('observabilityTest', { retryLimit: 0 });
    const jobs = await JobQueue.start(t.db.url, captured.log, [failing]);
    onTestFinished(() => jobs.stop());
    const seen: (ReturnType<typeof currentContext> & {})[] = [];
    await jobs.work(failing, async () => {
      seen.push({ ...currentContext() });
      throw new Error('fails on purpose, to log a line');
    });
    captured.lines.length = 0;
    await runInContext({ requestId: 'queued-by-req-9' }, () =>
      t.db.em().transactional((em) => jobs.sendInTransaction(em, failing, { n: 1 })),
    );
    await until(() => captured.lines.some((l) => l.msg === 'job failed'));
    expect(seen[0]).toMatchObject({ requestId: 'queued-by-req-9', jobId: expect.any(String) });
    const line = captured.lines.find((l) => l.msg === 'job failed')!;
    expect(line).toMatchObject({ requestId: 'queued-by-req-9', jobId: seen[0]!.jobId });
  });
});

describe('GET /api/health/ready', () => {
  it('is ready with every check named, and answers 503 draining while the instance drains', async () => {
    const ready = await fetch(`${t.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', queue: 'ok', migrations: 'ok' },
    });
    lifecycle.draining = true;
    try {
      const draining = await fetch(`${t.url}/api/health/ready`);
      expect(draining.status).toBe(503);
      expect(await draining.json()).toMatchObject({ status: 'draining' });
      // Liveness stays 200: the instance is alive, only leaving.
      expect((await fetch(`${t.url}/api/health`)).status).toBe(200);
    } finally {
      lifecycle.draining = false;
    }
  });
});

describe('GET /metrics', () => {
  const scrape = (authorization?: string) =>
    fetch(`${t.url}/metrics`, { headers: authorization ? { authorization } : {} });

  it('answers 401 without the token or with a wrong one', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer wrong-token-of-the-same-size!')).status).toBe(401);
  });

  it('serves the Prometheus text format: requests by route template, never by raw path, submissions by outcome', async () => {
    const admin = await t.signedIn('admin');
    // 100 different contact ids: one series, under the route's template.
    for (let id = 1000; id < 1100; id++) await admin.rest('GET', `/contacts/${id}`);
    // A well-formed lead without a form token or browser headers: the bot checks refuse it.
    const refused = await fetch(`${t.url}/api/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada Bot', email: 'ada@bot.example', message: 'Hello there' }),
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const res = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const { families, samples } = parseMetrics(await res.text());
    expect(families.get('http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    const contactReads = samples
      .get('http_request_duration_seconds_count')!
      .metrics.filter((m) => m.labels?.method === 'GET' && m.labels.route === '/api/contacts/{id}');
    expect(contactReads).toEqual([
      { labels: { method: 'GET', route: '/api/contacts/{id}', status_class: '4xx' }, value: '100' },
    ]);
    const routes = [...samples.values()].flatMap((f) => f.metrics.map((m) => m.labels?.route));
    expect(routes.filter((route) => /\/api\/contacts\/\d/.test(route ?? ''))).toEqual([]);
    const submitted = families.get('contacts_submitted_total')!;
    expect(submitted.type).toBe('COUNTER');
    const refusedCount = submitted.metrics.find(
      (m) => m.labels?.source === 'website' && m.labels.outcome === 'refused',
    );
    expect(Number(refusedCount?.value)).toBeGreaterThanOrEqual(1);
    const types = {
      http_requests_in_flight: 'GAUGE',
      process_resident_memory_bytes: 'GAUGE',
      jobs_queued: 'GAUGE',
      jobs_failed_total: 'COUNTER',
      emails_total: 'COUNTER',
      webhook_deliveries_total: 'COUNTER',
      contacts_submitted_total: 'COUNTER',
      imports_running: 'GAUGE',
      db_pool_in_use: 'GAUGE',
    };
    for (const [name, type] of Object.entries(types))
      expect({ name, type: families.get(name)?.type }).toEqual({ name, type });
  });
});
