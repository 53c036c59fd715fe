import { webhookEvent, type Feature } from '../feature';
import { Greeting } from './greeting.entity';
import { GREETING_QUEUE } from './greeting.queue';
import {
  eraseGreetings,
  greetingExport,
  greetedBodies,
  greetLead,
  startGreetingWorker,
} from './greetings.service';
import { ZGreetedWebhookData } from './sample.schema';

/** The sample feature's registration: everything it has, for the shared machinery to read. */
export const sampleFeature: Feature = {
  name: 'sample',
  entities: [Greeting],
  queues: [GREETING_QUEUE],
  startWorkers: ({ queue, orm }) => startGreetingWorker(queue, orm),
  subscriptions: ({ notifier }) => ({
    'contact.created': [(em, { contact }) => greetLead(em, contact, notifier.queue)],
  }),
  webhooks: [
    webhookEvent({
      type: 'sample.greeted',
      label: 'A new lead was greeted',
      version: 1,
      data: ZGreetedWebhookData,
      on: 'contact.created',
      bodies: (em, events) =>
        greetedBodies(
          em,
          events.map((e) => e.contact.id),
        ),
    }),
  ],
  privacy: { erase: eraseGreetings, export: [greetingExport] },
};
