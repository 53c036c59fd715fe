import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { TContact } from '../../shared/contacts.schema';
import type { TWebhookCreated, TWebhookDelivery } from '../../shared/webhooks.schema';
import { createContact } from '../contacts/contacts.service';
import { JobQueue } from '../jobs/job-queue';
import { createLogger } from '../logger';
import { BROWSER_HEADERS, relaxContactProtections } from '../form-guard/contact-form-test-support';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { startReceiver, verifyStandardWebhook, type Received } from './test-receiver';
import { deliverWebhook, deliverWebhooks } from './webhook-delivery.service';
import { RECORD_LINGER_MS } from './success-recorder';
import { WEBHOOK_WORKERS } from './webhook-worker';
import { queueWebhookBodies } from './webhook-events.service';
import { webhookEvents } from '../features';
import type { WebhookSettings } from './webhook-settings';
import { startWebhookWorker } from './webhook-worker';
import { WEBHOOK_QUEUE } from './webhook.queue';

// Real deliveries: the app's job queue and webhook worker POST to a real HTTP server on
// 127.0.0.1 (private networks allowed unless a test says otherwise).
const receiver = await startReceiver();
afterAll(() => receiver.close());
const t = useTestApp({ webhooks: {} });
const admin = useSignedIn(t);
const settings = () => t.deps.notifier.webhooks!;

beforeEach(async () => {
  receiver.reset();
  // Jobs of the previous test would find its (now truncated) deliveries' ids reused.
  await t.db.em().execute("delete from pgboss.job where name = 'webhook'");
  await relaxContactProtections(t.db.em());
  Object.assign(settings(), { retryDelays: [1, 1], allowPrivateNetworks: true, timeoutMs: 10_000 });
});

/** A contact.created delivery of `contact`, queued as the app's subscription does. */
const queueContactCreated = (em: EntityManager, contact: TContact, webhooks: WebhookSettings) =>
  queueWebhookBodies(
    em,
    webhookEvents.find((e) => e.type === 'contact.created')!,
    webhooks,
    async () => [{ contactId: contact.id, data: { contact } }],
  );

const lead = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  message: 'We need 1,000 calls a day answered.',
};

async function addHook(
  events: string[] = ['contact.created', 'contact.status_changed'],
  url = receiver.url,
) {
  const res = await admin.rest<TWebhookCreated>('POST', '/webhooks', { url, events });
  expect(res.status).toBe(200);
  return res.body;
}

async function submit(body: object = lead): Promise<number> {
  const res = await fetch(`${t.url}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { contact: { id: number } };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.contact.id;
}

const deliveries = async (hookId: number) =>
  (await admin.rest<TWebhookDelivery[]>('GET', `/webhooks/${hookId}/deliveries`)).body;

/** Polls the deliveries of `hookId` until the newest one is `status`. */
async function settled(hookId: number, status: TWebhookDelivery['status'], timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [newest] = await deliveries(hookId);
    if (newest?.status === status) return newest;
    if (Date.now() > deadline)
      throw new Error(`delivery never ${status}: ${JSON.stringify(newest)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const bodyOf = (r: Received) =>
  JSON.parse(r.body) as { type: string; timestamp: string; data: { contact: TContact } };

describe('contact.created', () => {
  it('is POSTed signed per Standard Webhooks, with the contact as the API shows it', async () => {
    const hook = await addHook();
    const other = await addHook(['contact.status_changed']);
    const off = await addHook();
    await admin.rest('PATCH', `/webhooks/${off.id}`, { enabled: false });
    const before = Date.now();
    const id = await submit();
    const [request] = await receiver.waitFor(1);
    expect(request!.path).toBe('/hook');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    const timestamp = Number(request!.headers['webhook-timestamp']);
    expect(Number.isInteger(timestamp)).toBe(true);
    expect(timestamp * 1000).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(timestamp * 1000).toBeLessThanOrEqual(Date.now());
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verifyStandardWebhook(hook.secret, request!)).toBe(true);
    expect(verifyStandardWebhook(other.secret, request!)).toBe(false);
    expect(verifyStandardWebhook(hook.secret, { ...request!, body: request!.body + ' ' })).toBe(
      false,
    );

    const body = bodyOf(request!);
    expect(body.type).toBe('contact.created');
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    const contact = (await admin.rest<TContact>('GET', `/contacts/${id}`)).body;
    expect(body.data).toEqual({ contact });
    expect(Object.keys(body)).toEqual(['type', 'timestamp', 'data']);

    const delivery = await settled(hook.id, 'succeeded');
    expect(delivery).toMatchObject({
      webhookId: hook.id,
      messageId: request!.headers['webhook-id'],
      event: 'contact.created',
      attempts: 1,
      responseStatus: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(delivery.durationMs).toBeGreaterThanOrEqual(0);
    expect(await admin.trpc.admin.webhooks.deliveries.query({ id: hook.id })).toEqual([delivery]);
    // Not subscribed, or disabled: nothing written, nothing sent.
    expect(await deliveries(other.id)).toEqual([]);
    expect(await deliveries(off.id)).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received).toHaveLength(1);
    // The job queue runs without SMTP_URL too: email is still only recorded, as not_configured.
    const outbox = await admin.rest<{ status: string }[]>('GET', '/notifications/outbox');
    expect(outbox.body.map((m) => m.status)).toEqual(['not_configured']);
  });

  it('carries the owner round-robin gave the lead in the same change', async () => {
    const rep = (await t.signedIn('admin')).userId;
    await admin.rest('PUT', '/lead-routing', { userIds: [rep] });
    await addHook(['contact.created']);
    const id = await submit();
    const [request] = await receiver.waitFor(1);
    expect(bodyOf(request!).data.contact).toMatchObject({ id, ownerId: rep });
  });

  it('retries a non-2xx after WEBHOOK_RETRY_DELAYS: 500, 500, 200 is three attempts with one webhook-id', async () => {
    const hook = await addHook(['contact.created']);
    receiver.answer(500, 500, 200);
    await submit();
    const requests = await receiver.waitFor(3);
    const ids = new Set(requests.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    for (const r of requests) expect(verifyStandardWebhook(hook.secret, r)).toBe(true);
    const delivery = await settled(hook.id, 'succeeded');
    expect(delivery).toMatchObject({ attempts: 3, responseStatus: 200, lastError: null });
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.received).toHaveLength(3);
  });

  it('records the last error between attempts and fails after the last delay', async () => {
    settings().retryDelays = [1];
    const hook = await addHook(['contact.created']);
    receiver.answer(503, 500);
    await submit();
    await receiver.waitFor(1);
    const pending = await settled(hook.id, 'pending');
    await receiver.waitFor(2);
    const failed = await settled(hook.id, 'failed');
    expect(failed).toMatchObject({
      attempts: 2,
      responseStatus: 500,
      lastError: 'HTTP 500: answer 500',
    });
    expect(failed.nextAttemptAt).toBeNull();
    expect(pending.id).toBe(failed.id);
  });
});

describe('a receiver that never answers', () => {
  it('times out, retries, fails with its last error; a manual retry (REST, tRPC) sends the same webhook-id again', async () => {
    Object.assign(settings(), { timeoutMs: 300, retryDelays: [1] });
    const hook = await addHook(['contact.created']);
    receiver.answer('hang', 'hang');
    await submit();
    const failed = await settled(hook.id, 'failed');
    expect(failed).toMatchObject({
      attempts: 2,
      responseStatus: null,
      lastError: 'Timed out after 300 ms',
    });
    expect(failed.durationMs).toBeGreaterThanOrEqual(290);
    expect(receiver.received).toHaveLength(2);
    // The sidebar's count: REST and tRPC; a retry takes it off.
    expect((await admin.rest('GET', '/webhooks/deliveries/failed-count')).body).toEqual({
      failed: 1,
    });
    expect(await admin.trpc.admin.webhooks.failedCount.query()).toEqual({ failed: 1 });

    const retried = await admin.rest<TWebhookDelivery>(
      'POST',
      `/webhooks/${hook.id}/deliveries/${failed.id}/retry`,
    );
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: failed.id, status: 'pending' });
    expect(await admin.trpc.admin.webhooks.failedCount.query()).toEqual({ failed: 0 });
    const done = await settled(hook.id, 'succeeded');
    expect(done).toMatchObject({ attempts: 3, responseStatus: 200, lastError: null });
    const [first, , third] = await receiver.waitFor(3);
    expect(third!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(verifyStandardWebhook(hook.secret, third!)).toBe(true);

    // A succeeded delivery is resent too (attack findings round 3, item 8), as a new attempt
    // with the same webhook-id, as Stripe and Svix resend: the receiver drops the repeat.
    const again = await admin.rest<TWebhookDelivery>(
      'POST',
      `/webhooks/${hook.id}/deliveries/${failed.id}/retry`,
    );
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: failed.id, status: 'pending' });
    const [, , , fourth] = await receiver.waitFor(4);
    expect(fourth!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(await settled(hook.id, 'succeeded')).toMatchObject({ attempts: 4 });
    expect((await admin.rest('POST', `/webhooks/${hook.id}/deliveries/9999/retry`)).status).toBe(
      404,
    );
    expect((await admin.rest('POST', `/webhooks/9999/deliveries/${failed.id}/retry`)).status).toBe(
      404,
    );

    // The same over tRPC, for a delivery that failed at its only attempt.
    settings().retryDelays = [];
    receiver.answer('hang');
    await submit({ ...lead, email: 'second@example.com' });
    const second = await settled(hook.id, 'failed');
    expect(second.id).not.toBe(failed.id);
    const viaTrpc = await admin.trpc.admin.webhooks.retryDelivery.mutate({
      id: hook.id,
      deliveryId: second.id,
    });
    expect(viaTrpc).toMatchObject({ id: second.id, status: 'pending' });
    expect(await settled(hook.id, 'succeeded')).toMatchObject({ id: second.id, attempts: 2 });
  });
});

describe('one endpoint that hangs beside a healthy one (attack findings round 3, item 6)', () => {
  /** Submits 20 leads and answers how long each took to reach the healthy receiver (ms). */
  async function burst(healthy: Awaited<ReturnType<typeof startReceiver>>): Promise<number[]> {
    const sentAt = new Map<string, number>();
    for (let i = 0; i < 20; i++) {
      const email = `lead${i}@burst.example`;
      sentAt.set(email, Date.now());
      await submit({ ...lead, email });
    }
    const arrived = await healthy.waitFor(20, 30_000);
    return arrived.map((r) => {
      const email = bodyOf(r).data.contact.email;
      return healthy.receivedAt[healthy.received.indexOf(r)]! - sentAt.get(email)!;
    });
  }
  const p99 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.ceil(ms.length * 0.99) - 1]!;

  it('delivers 20 leads to the healthy endpoint as fast as without the hanging one (p99 within 2 s)', async () => {
    const healthy = await startReceiver();
    const hanging = await startReceiver();
    try {
      // Longer than the test: no attempt at the hanging endpoint ends while it runs.
      Object.assign(settings(), { timeoutMs: 30_000, retryDelays: [] });
      await addHook(['contact.created'], healthy.url);
      const alone = await burst(healthy);

      healthy.reset();
      await t.db.em().execute("delete from pgboss.job where name = 'webhook'");
      hanging.answer(...Array<'hang'>(40).fill('hang'));
      await addHook(['contact.created'], hanging.url);
      const beside = await burst(healthy);
      console.info(
        `healthy endpoint p99: alone ${p99(alone)} ms, beside a hanging one ${p99(beside)} ms`,
      );
      expect(p99(beside)).toBeLessThan(p99(alone) + 2000);
      // The hanging endpoint holds its group's limit of attempts; its others wait their turn.
      expect(hanging.received).toHaveLength(WEBHOOK_WORKERS.perEndpoint);
    } finally {
      await healthy.close();
      await hanging.close();
    }
  }, 60_000);

  it('reads at most 64 KB of an answer, then closes the connection', async () => {
    const { createServer } = await import('node:http');
    let written = 0;
    let closed = false;
    const huge = createServer((req, res) => {
      req.resume();
      res.writeHead(500, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (written < 2 * 1024 ** 3 && res.write(chunk)) written += chunk.length;
      };
      res.on('drain', pump);
      res.on('close', () => (closed = true));
      pump();
    });
    await new Promise<void>((done) => huge.listen(0, '127.0.0.1', done));
    try {
      const { port } = huge.address() as { port: number };
      Object.assign(settings(), { retryDelays: [] });
      const hook = await addHook(['contact.created'], `http://127.0.0.1:${port}/hook`);
      await submit();
      const failed = await settled(hook.id, 'failed');
      expect(failed.responseStatus).toBe(500);
      expect(failed.lastError).toMatch(/^HTTP 500: x+$/);
      expect(closed).toBe(true);
      // The sender stopped reading long before 2 GB: its socket buffers hold a few MB at most.
      expect(written).toBeLessThan(64 * 1024 ** 2);
    } finally {
      huge.closeAllConnections();
      huge.close();
    }
  });
});

describe('durability', () => {
  it('a rolled-back change writes no delivery, queues no job and sends nothing', async () => {
    const hook = await addHook();
    const em = t.db.em();
    const jobs = async () =>
      Number(
        (
          await em.execute<{ n: string }[]>(
            "select count(*) as n from pgboss.job where name = 'webhook'",
          )
        )[0]?.n,
      );
    await expect(
      em.transactional(async (tem) => {
        const contact = await createContact(tem, { ...lead, phone: null, source: 'website' });
        await queueContactCreated(tem, contact, settings());
        throw new Error('the rest of the submission failed');
      }),
    ).rejects.toThrow('the rest of the submission failed');
    expect(await jobs()).toBe(0);
    expect(await deliveries(hook.id)).toEqual([]);
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.received).toHaveLength(0);
  });
});

describe('contact.status_changed', () => {
  it('is sent when an admin changes the status (REST and tRPC), not when it stays the same', async () => {
    const hook = await addHook(['contact.status_changed']);
    const id = await submit();
    expect(
      (await admin.rest('PATCH', `/contacts/${id}/status`, { status: 'contacted' })).status,
    ).toBe(200);
    const [first] = await receiver.waitFor(1);
    expect(bodyOf(first!)).toMatchObject({
      type: 'contact.status_changed',
      data: { contact: { id, status: 'contacted', email: lead.email } },
    });
    expect(verifyStandardWebhook(hook.secret, first!)).toBe(true);
    await admin.trpc.admin.contacts.updateStatus.mutate({ id, status: 'qualified' });
    const [, second] = await receiver.waitFor(2);
    expect(bodyOf(second!).data.contact.status).toBe('qualified');
    expect(second!.headers['webhook-id']).not.toBe(first!.headers['webhook-id']);

    await admin.rest('PATCH', `/contacts/${id}/status`, { status: 'qualified' });
    expect((await admin.rest('PATCH', '/contacts/999999/status', { status: 'new' })).status).toBe(
      404,
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.received).toHaveLength(2);
    const list = await deliveries(hook.id);
    expect(list.map((d) => [d.event, d.status])).toEqual([
      ['contact.status_changed', 'succeeded'],
      ['contact.status_changed', 'succeeded'],
    ]);
    expect(list[0]!.id).toBeGreaterThan(list[1]!.id);
  });
});

describe('private networks (WEBHOOK_ALLOW_PRIVATE_NETWORKS off)', () => {
  it('refuse at delivery a name that resolves to loopback, and a stored literal one; nothing connects', async () => {
    settings().retryDelays = [];
    const byName = await addHook(['contact.created'], `http://localhost:${receiver.port}/hook`);
    const literal = await addHook(['contact.created']); // created while allowed
    settings().allowPrivateNetworks = false;
    await submit();
    const named = await settled(byName.id, 'failed');
    expect(named.lastError).toMatch(
      /^localhost \((127\.0\.0\.1|::1)(, (127\.0\.0\.1|::1))?\) is a loopback, private or reserved address; set WEBHOOK_ALLOW_PRIVATE_NETWORKS=1/,
    );
    expect(named).toMatchObject({ attempts: 1, responseStatus: null });
    const ip = await settled(literal.id, 'failed');
    expect(ip.lastError).toMatch(/^127\.0\.0\.1 is a loopback, private or reserved address/);
    expect(receiver.received).toHaveLength(0);
    // Creating one with a literal private address is refused up front.
    const res = await admin.rest<{ message: string }>('POST', '/webhooks', {
      url: receiver.url,
      events: ['contact.created'],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^url: 127\.0\.0\.1 is a loopback/);
  });
});

describe('effectively once', () => {
  it('two workers racing for one attempt send it once, and a succeeded delivery is never sent again', async () => {
    const hook = await addHook(['contact.created']);
    const em = t.db.em();
    // Written without a job, so only the calls below attempt it.
    const contact = await createContact(em, { ...lead, phone: null, source: 'website' });
    await em.transactional((tem) =>
      queueContactCreated(tem, contact, { ...settings(), queue: undefined }),
    );
    expect(await deliveries(hook.id)).toEqual([]); // no queue: nothing written
    // A queue that takes no job: the delivery is written, and no worker of the app races us.
    const noJobs = { sendManyInTransaction: async () => {} } as unknown as JobQueue;
    await em.transactional((tem) =>
      queueContactCreated(tem, contact, { ...settings(), queue: noJobs }),
    );
    const [delivery] = await deliveries(hook.id);
    const job = { deliveryId: delivery!.id, retry: 0, attempt: 0 };
    const results = await Promise.allSettled([
      deliverWebhook(t.db.em(), job, settings()),
      deliverWebhook(t.db.em(), job, settings()),
    ]);
    // The loser either finds the attempt done or is told to come back (a pg-boss retry).
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    expect(receiver.received).toHaveLength(1);
    await deliverWebhook(t.db.em(), job, settings());
    await deliverWebhook(t.db.em(), { ...job, attempt: 1 }, settings());
    expect(receiver.received).toHaveLength(1);
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('a batch: one attempt per delivery however often a job repeats it; a slow attempt holds the others no longer than the linger', async () => {
    const hook = await addHook(['contact.created']);
    const slow = await startReceiver();
    try {
      const slowHook = await addHook(['contact.created'], slow.url);
      const em = t.db.em();
      const noJobs = { sendManyInTransaction: async () => {} } as unknown as JobQueue;
      const written = async (email: string) => {
        const contact = await createContact(em, {
          ...lead,
          email,
          phone: null,
          source: 'website',
        });
        await em.transactional((tem) =>
          queueContactCreated(tem, contact, { ...settings(), queue: noJobs }),
        );
      };
      await written('first@example.com');
      await written('second@example.com');
      const [second, first] = await deliveries(hook.id);
      const [slowOne] = await deliveries(slowHook.id);
      slow.answer('hang');
      Object.assign(settings(), { timeoutMs: 1500, retryDelays: [] });
      const early: { indexes: number[]; at: number }[] = [];
      const started = Date.now();
      const errors = await deliverWebhooks(
        t.db.em(),
        [
          { deliveryId: first!.id, retry: 0, attempt: 0 },
          { deliveryId: first!.id, retry: 0, attempt: 0 }, // a duplicate job
          { deliveryId: second!.id, retry: 0, attempt: 0 },
          { deliveryId: second!.id, retry: 0, attempt: 3 }, // a stale job
          { deliveryId: slowOne!.id, retry: 0, attempt: 0 },
        ],
        settings(),
        async (indexes) => void early.push({ indexes, at: Date.now() - started }),
      );
      // The duplicate is told to come back later (it then finds the delivery done).
      expect(errors.map((e) => (e ? 'retry later' : 'done'))).toEqual([
        'done',
        'retry later',
        'done',
        'done',
        'done',
      ]);
      expect(receiver.received).toHaveLength(2);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(2);
      // Recorded (and their jobs completed) while the hanging endpoint still held the batch.
      expect(early).toHaveLength(1);
      expect(early[0]!.indexes.sort()).toEqual([0, 2]);
      expect(early[0]!.at).toBeLessThan(1500);
      expect(early[0]!.at).toBeGreaterThanOrEqual(RECORD_LINGER_MS - 5);
      expect((await deliveries(hook.id)).map((d) => [d.status, d.attempts])).toEqual([
        ['succeeded', 1],
        ['succeeded', 1],
      ]);
      expect((await deliveries(slowHook.id))[0]).toMatchObject({ status: 'failed', attempts: 1 });
    } finally {
      await slow.close();
    }
  });

  it('two app instances share the work: 20 submissions, 20 requests, 20 distinct webhook-ids', async () => {
    const second = await JobQueue.start(t.db.url, createLogger('silent'), [WEBHOOK_QUEUE]);
    try {
      await startWebhookWorker(second, t.db.orm, settings());
      await addHook(['contact.created']);
      const started = Date.now();
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => submit({ ...lead, email: `lead${i}@example.com` })),
      );
      const requests = await receiver.waitFor(20);
      const elapsed = Date.now() - started;
      expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).toBe(20);
      await new Promise((r) => setTimeout(r, 1000));
      expect(receiver.received).toHaveLength(20);
      expect(elapsed).toBeLessThan(15_000); // measured: ~0.7 s here
    } finally {
      await second.stop();
    }
  });
});
