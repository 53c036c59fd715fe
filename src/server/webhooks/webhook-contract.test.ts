// Every webhook event the features declare is a contract: it is delivered for real (a real
// receiver, the app's queue and worker), its body validates against its declared schema, its
// schema is published under `webhooks` in /api/openapi.json, GET /webhooks/events lists it over
// both transports, and a body that breaks its schema is never queued.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookBody, type TWebhookEventType } from '../../shared/webhooks.schema';
import { bookTomorrow, manage } from '../booking/booking-test-support';
import { webhookEvents } from '../features';
import {
  relaxContactProtections,
  submitWebsiteLead,
} from '../form-guard/contact-form-test-support';
import { openApiDocument } from '../openapi';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { startReceiver, verifyStandardWebhook } from './test-receiver';
import { queueWebhookBodies } from './webhook-events.service';

const receiver = await startReceiver();
afterAll(() => receiver.close());
const t = useTestApp({ webhooks: {}, app: { trustProxy: true } });
const admin = useSignedIn(t, 'admin');

beforeEach(async () => {
  receiver.reset();
  await relaxContactProtections(t.db.em());
});

/** A website lead; answers its id. */
const lead = (email = 'ada@example.com') =>
  submitWebsiteLead(t.url, { name: 'Ada Lovelace', email, message: 'Call me' });

/** What makes each event happen, as a user or a lead would. */
const CAUSES: Record<string, () => Promise<void>> = {
  'contact.created': async () => void (await lead()),
  'contact.status_changed': async () => {
    const id = await lead();
    await admin.rest('PATCH', `/contacts/${id}/status`, { status: 'qualified' });
  },
  'booking.created': async () => void (await bookTomorrow(t, admin, await lead())),
  'booking.rescheduled': async () => {
    const booked = await bookTomorrow(t, admin, await lead());
    const slots = await admin.rest<{ days: { slots: { startsAt: string }[] }[] }>(
      'GET',
      `/bookings/${booked.id}/slots?from=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}&days=2&timeZone=UTC`,
    );
    const other = slots.body.days
      .flatMap((d) => d.slots)
      .find((s) => s.startsAt !== booked.startsAt);
    expect(
      (await manage(t, booked.manageUrl!, '/reschedule', { startsAt: other!.startsAt })).status,
    ).toBe(200);
  },
  'booking.cancelled': async () => {
    const booked = await bookTomorrow(t, admin, await lead());
    expect((await manage(t, booked.manageUrl!, '/cancel', {})).status).toBe(200);
  },
  'contact.erased': async () => {
    await lead('erase.me@example.com');
    await admin.rest('POST', '/privacy/erasures', {
      email: 'erase.me@example.com',
      reason: 'Asked',
    });
  },
};

describe('webhook events', () => {
  it('are listed by GET /webhooks/events over both transports, each with a cause in this test', async () => {
    const listed = await admin.rest<TWebhookEventType[]>('GET', '/webhooks/events');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual(
      webhookEvents.map(({ type, label, version }) => ({ type, label, version })),
    );
    expect(await admin.trpc.admin.webhooks.events.query()).toEqual(listed.body);
    expect(Object.keys(CAUSES).sort()).toEqual(webhookEvents.map((e) => e.type).sort());
    // An endpoint may subscribe to those only.
    const refused = await admin.rest<{ data: { fieldErrors: Record<string, string> } }>(
      'POST',
      '/webhooks',
      { url: receiver.url, events: ['contact.created', 'contact.teleported'] },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.data.fieldErrors.events).toMatch(/Unknown event "contact.teleported"/);
  });

  it.each(webhookEvents.map((e) => [e.type, e] as const))(
    '%s: delivered, signed, its body valid against its schema and published in the OpenAPI document',
    async (type, event) => {
      const hook = await admin.rest<{ secret: string }>('POST', '/webhooks', {
        url: receiver.url,
        events: [type],
      });
      expect(hook.status).toBe(200);
      await CAUSES[type]!();
      const [request] = await receiver.waitFor(1);
      expect(verifyStandardWebhook(hook.body.secret, request!)).toBe(true);
      const body = JSON.parse(request!.body) as unknown;
      expect(webhookBody(type, event.data).safeParse(body).error).toBeUndefined();
      expect(body).toMatchObject({ type });
      const published = openApiDocument().webhooks?.[type] as {
        post: { requestBody: { content: { 'application/json': { schema: object } } } };
      };
      expect(published.post.requestBody.content['application/json'].schema).toMatchObject({
        type: 'object',
        required: ['type', 'timestamp', 'data'],
      });
    },
  );

  it("are the README's table, type and label", () => {
    const readme = readFileSync(join(import.meta.dirname, '../../../README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('<!-- webhook-events'));
    const rows = [...table.matchAll(/^\|\s*`([a-z_.]+)`\s*\|\s*([^|]+?)\s*\|/gm)].map(
      ([, type, label]) => ({
        type,
        label: label!.trim(),
      }),
    );
    const byType = (a: { type?: string }, b: { type?: string }) =>
      (a.type ?? '').localeCompare(b.type ?? '');
    expect(rows.sort(byType)).toEqual(
      webhookEvents.map(({ type, label }) => ({ type, label })).sort(byType),
    );
  });

  it('never queues a body that breaks its schema: the change fails instead', async () => {
    await admin.rest('POST', '/webhooks', { url: receiver.url, events: ['contact.created'] });
    const created = webhookEvents.find((e) => e.type === 'contact.created')!;
    await expect(
      t.db
        .em()
        .transactional((em) =>
          queueWebhookBodies(em, created, t.deps.notifier.webhooks, async () => [
            { contactId: null, data: { contact: { id: 'not a contact' } } },
          ]),
        ),
    ).rejects.toThrow();
    const [queued] = await t.db
      .em()
      .execute<{ n: number }[]>(`select count(*)::int as n from webhook_deliveries`);
    expect(queued).toEqual({ n: 0 });
  });
});
