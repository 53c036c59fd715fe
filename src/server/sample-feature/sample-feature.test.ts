// A feature added the way every feature is: its own folder plus one line in the features' list
// (here `assemble([...FEATURES, sampleFeature])`, as features.ts would list it). Nothing shared
// names it, yet its queue is created and worked, its subscriber runs in the lead's transaction,
// its webhook event is listed, published and delivered valid, and a person's export and erasure
// reach its table.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webhookBody, type TWebhookEventType } from '../../shared/webhooks.schema';
import type { TPrivacyExport } from '../../shared/privacy.schema';
import { assemble } from '../feature-set';
import { FEATURES } from '../features';
import {
  relaxContactProtections,
  submitWebsiteLead,
} from '../form-guard/contact-form-test-support';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { startReceiver, verifyStandardWebhook } from '../webhooks/test-receiver';
import { GREETINGS_TABLE_SQL } from './greetings-table.sql';
import { sampleFeature } from './sample.feature';
import { ZGreetedWebhookData } from './sample.schema';

const receiver = await startReceiver();
afterAll(() => receiver.close());
const t = useTestApp({ features: assemble([...FEATURES, sampleFeature]), webhooks: {} });
const admin = useSignedIn(t, 'admin');

beforeAll(async () => {
  await t.db.em().getConnection().execute(GREETINGS_TABLE_SQL);
});
beforeEach(async () => {
  receiver.reset();
  await relaxContactProtections(t.db.em());
});

const greetings = () =>
  t.db
    .em()
    .getConnection()
    .execute<{ contact_id: number; email: string; sent_at: Date | null }[]>(
      'select contact_id, email, sent_at from sample_greetings order by id',
    );

/** A website lead; answers its id. */
const lead = (email: string) =>
  submitWebsiteLead(t.url, { name: 'Grace Hopper', email, message: 'Hello' });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe('a feature from its own folder', () => {
  it('has its job queue created, and its webhook event listed over both transports and in the OpenAPI document', async () => {
    const queues = await t.db
      .em()
      .getConnection()
      .execute<{ name: string }[]>("select name from pgboss.queue where name = 'sampleGreeting'");
    expect(queues).toEqual([{ name: 'sampleGreeting' }]);
    const listed = await admin.rest<TWebhookEventType[]>('GET', '/webhooks/events');
    expect(listed.body).toContainEqual({
      type: 'sample.greeted',
      label: 'A new lead was greeted',
      version: 1,
    });
    expect(await admin.trpc.admin.webhooks.events.query()).toEqual(listed.body);
    const doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as {
      webhooks: Record<
        string,
        { post: { requestBody: { content: Record<string, { schema: object }> } } }
      >;
    };
    expect(
      doc.webhooks['sample.greeted']!.post.requestBody.content['application/json']!.schema,
    ).toMatchObject({ required: ['type', 'timestamp', 'data'] });
    // Beside the product's own events.
    expect(Object.keys(doc.webhooks)).toContain('contact.created');
  });

  it('greets a lead in its transaction, works the job and delivers a valid, signed webhook', async () => {
    const hook = await admin.rest<{ secret: string }>('POST', '/webhooks', {
      url: receiver.url,
      events: ['sample.greeted'],
    });
    expect(hook.status).toBe(200);
    const id = await lead('grace@example.com');
    const [request] = await receiver.waitFor(1);
    expect(verifyStandardWebhook(hook.body.secret, request!)).toBe(true);
    const body = JSON.parse(request!.body) as unknown;
    expect(
      webhookBody('sample.greeted', ZGreetedWebhookData).safeParse(body).error,
    ).toBeUndefined();
    expect(body).toMatchObject({
      type: 'sample.greeted',
      data: { contactId: id, greeting: 'Hello Grace Hopper, thanks for getting in touch.' },
    });
    // The worker ran: the greeting is sent.
    const sent = await until(greetings, (rows) => rows.every((r) => r.sent_at !== null));
    expect(sent.map((r) => [r.contact_id, r.email])).toEqual([[id, 'grace@example.com']]);
  });

  it('cannot be listed twice: a webhook event or an export section has one owner', () => {
    expect(() => assemble([...FEATURES, sampleFeature, sampleFeature])).toThrow(
      'sample.greeted is declared twice',
    );
  });

  it("is in a person's export, and their erasure removes its rows", async () => {
    const id = await lead('ada.sample@example.com');
    await lead('someone.else@example.com');
    const held = await admin.rest<TPrivacyExport>('POST', '/privacy/exports', {
      email: 'ADA.SAMPLE@example.com',
    });
    expect(held.status).toBe(200);
    expect(held.body.greetings).toEqual([
      expect.objectContaining({ contactId: id, email: 'ada.sample@example.com' }),
    ]);
    const erased = await admin.rest('POST', '/privacy/erasures', {
      email: 'ada.sample@example.com',
      reason: 'Asked by email',
    });
    expect(erased.status).toBe(200);
    expect((await greetings()).map((r) => r.email)).toEqual(['someone.else@example.com']);
  });
});
