// Every feature of the server, once. The ORM's entity list, the maintenance loop, the demo
// data, the job queues and their workers are derived from here, so adding a feature is one
// line and no infrastructure folder names any of them.
import type { EntityManager } from '@mikro-orm/postgresql';
import { auditFeature } from './audit/audit.feature';
import { authFeature } from './auth/auth.feature';
import { bookingFeature } from './booking/booking.feature';
import { campaignsFeature } from './campaigns/campaigns.feature';
import { contactActivityFeature } from './contact-activity/contact-activity.feature';
import { contactImportsFeature } from './contact-imports/contact-imports.feature';
import { contactsFeature } from './contacts/contacts.feature';
import { EventBus, type EventOf, type Subscriptions } from './events/event-bus';
import { queueWebhookBodies } from './webhooks/webhook-events.service';
import type { ErasureHook } from './erasure-hook';
import type { Feature, StopWorkers, SubscriberDeps, WebhookEvent, WorkerContext } from './feature';
import { formGuardFeature } from './form-guard/form-guard.feature';
import { integrationKeysFeature } from './integration-keys/integration-keys.feature';
import { leadRoutingFeature } from './lead-routing/lead-routing.feature';
import { organizationFeature } from './organization/organization.feature';
import { privacyFeature } from './privacy/privacy.feature';
import { notificationsFeature } from './notifications/notifications.feature';
import { quarantineFeature } from './quarantine/quarantine.feature';
import { rateLimitFeature } from './rate-limit/rate-limit.feature';
import { securityCenterFeature } from './security-center/security-center.feature';
import { serviceInquiriesFeature } from './service-inquiries/service-inquiries.feature';
import { tasksFeature } from './tasks/tasks.feature';
import { usersFeature } from './users/users.feature';
import { webhooksFeature } from './webhooks/webhooks.feature';
import { webAnalyticsFeature } from './web-analytics/web-analytics.feature';

/** In dependency order: a feature's demo rows may refer to an earlier feature's. */
export const FEATURES: readonly Feature[] = [
  organizationFeature,
  privacyFeature,
  usersFeature,
  authFeature,
  // First to hear each event, so entries read in the order things happened (a lead, then the
  // owner routing gave it).
  auditFeature,
  contactsFeature,
  contactActivityFeature,
  contactImportsFeature,
  serviceInquiriesFeature,
  campaignsFeature,
  leadRoutingFeature,
  bookingFeature,
  tasksFeature,
  securityCenterFeature,
  rateLimitFeature,
  formGuardFeature,
  quarantineFeature,
  notificationsFeature,
  webhooksFeature,
  integrationKeysFeature,
  webAnalyticsFeature,
];

/** Every table of the app, for the ORM. */
export const entities = FEATURES.flatMap((f) => f.entities);

export const maintenanceTasks = FEATURES.flatMap((f) => f.maintenance ?? []);

/** Every feature's job queues, for the job queue to create at start. */
export const jobQueues = FEATURES.flatMap((f) => f.queues ?? []);

/**
 * Starts every feature's workers on this instance (the server, a test app with a job queue);
 * answers one stop for what they leave running besides the queue's own workers.
 */
export async function startWorkers(context: WorkerContext): Promise<StopWorkers> {
  const stops = await Promise.all(FEATURES.map((f) => f.startWorkers?.(context)));
  return async (graceMs) => {
    await Promise.all(stops.map((stop) => stop?.(graceMs)));
  };
}

/** Demo content for a fresh install, every feature's in one transaction. */
export async function seedDemoData(em: EntityManager): Promise<void> {
  await em.transactional(async (tem) => {
    for (const feature of FEATURES) await feature.seedDemo?.(tem);
  });
}

/**
 * Every feature's part of a person's erasure, in reverse features order: what depends on a
 * contact goes before the contacts, whose foreign keys take the rest.
 */
export const erasureHooks: readonly ErasureHook[] = [...FEATURES]
  .reverse()
  .flatMap((f) => (f.privacy ? [f.privacy.erase] : []));

/** Every feature's webhook events (what endpoints may subscribe to; /api/openapi.json lists them). */
export const webhookEvents: readonly WebhookEvent[] = FEATURES.flatMap((f) => f.webhooks ?? []);

/** Each webhook event as a subscription: its domain event queues its bodies for the endpoints. */
const webhookSubscriptions = (notifier: SubscriberDeps['notifier']): Subscriptions[] =>
  webhookEvents.map((event) => ({
    [event.on]: [
      {
        all: (em: EntityManager, events: readonly EventOf<typeof event.on>[]) =>
          queueWebhookBodies(em, event, notifier.webhooks, () => event.bodies(em, events)),
      },
    ],
  }));

/**
 * The app's event bus, with every feature's subscriptions in features order, then the webhook
 * events' (so a body reads what the others did: the owner routing gave a lead).
 */
export function createEventBus(notifier: SubscriberDeps['notifier']): EventBus {
  const events = new EventBus();
  return events.register([
    ...FEATURES.flatMap((f) => (f.subscriptions ? [f.subscriptions({ notifier, events })] : [])),
    ...webhookSubscriptions(notifier),
  ]);
}
