// Durability of a webhook across a crash: the app is killed (SIGKILL) while the receiver holds
// the lead's delivery; after a restart on the same database the delivery is sent again with the
// same webhook-id, recorded as succeeded, and not sent a third time.
import { afterAll, expect, it } from 'vitest';
import type { TWebhookCreated, TWebhookDelivery } from '../src/shared/webhooks.schema';
import { dropDatabase } from '../src/server/test/pg-admin';
import { until } from '../src/server/test/until';
import { startReceiver, verifyStandardWebhook } from '../src/server/webhooks/test-receiver';
import { adminApi, startAppServer, type AppServer } from './support/app-server';
import { allowScriptedLeads, sendContactForm } from './support/leads';

const receiver = await startReceiver();
const env = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1' };
let app: AppServer | undefined;
afterAll(async () => {
  await app?.crash();
  await receiver.close();
  if (app) await dropDatabase(app.databaseName);
});

it('sends a lead’s webhook again after the app was killed mid-delivery, with the same webhook-id, once', async () => {
  app = await startAppServer({ env });
  let api = await adminApi(app.url);
  await allowScriptedLeads(api);
  const hook = (await (
    await api('POST', '/webhooks', { url: receiver.url, events: ['contact.created'] })
  ).json()) as TWebhookCreated;
  // The receiver takes the first request and never answers: the delivery is under way.
  receiver.answer('hang');
  const submitted = await sendContactForm(app.url);
  expect(submitted.status).toBe(200);
  const [first] = await receiver.waitFor(1);

  await app.crash();
  app = await startAppServer({ env, databaseName: app.databaseName });
  const [, again] = await receiver.waitFor(2, 150_000);
  expect(again!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
  expect(again!.body).toBe(first!.body);
  expect(verifyStandardWebhook(hook.secret, again!)).toBe(true);

  api = await adminApi(app.url);
  const delivered = await until('the delivery recorded as succeeded', async () => {
    const [delivery] = (await (
      await api('GET', `/webhooks/${hook.id}/deliveries`)
    ).json()) as TWebhookDelivery[];
    return delivery?.status === 'succeeded' ? delivery : undefined;
  });
  expect(delivered).toMatchObject({ messageId: first!.headers['webhook-id'], responseStatus: 200 });
  await new Promise((r) => setTimeout(r, 3000));
  expect(receiver.received).toHaveLength(2);
}, 200_000);
