// How a list of feature registrations becomes the app's parts: the ORM's entities, the
// maintenance loop, the job queues and their workers, the demo data, the erasure's hooks and the
// export's sections, the webhook events and the event bus. features.ts assembles the product's list; a test may assemble
// another (the product's plus a feature of its own) and start an app on it.
import type { EntityManager } from '@mikro-orm/postgresql';
import { EventBus, type EventOf, type Subscriptions } from './events/event-bus';
import { queueWebhookBodies } from './webhooks/webhook-events.service';
import type { ErasureHook, ExportSection } from './privacy-hooks';
import type {
  Feature,
  MaintenanceTask,
  StopWorkers,
  SubscriberDeps,
  WebhookEvent,
  WorkerContext,
} from './feature';
import type { QueueDefinition } from './jobs/job-queue';

export interface FeatureSet {
  /** In dependency order: a feature's demo rows may refer to an earlier feature's. */
  features: readonly Feature[];
  /** Every table, for the ORM. */
  entities: Feature['entities'];
  maintenanceTasks: readonly MaintenanceTask[];
  /** Every job queue, for the job queue to create at start. */
  jobQueues: readonly QueueDefinition[];
  /**
   * Starts every feature's workers on this instance (the server, a test app with a job queue);
   * answers one stop for what they leave running besides the queue's own workers.
   */
  startWorkers: (context: WorkerContext) => Promise<StopWorkers>;
  /** Demo content for a fresh install, every feature's in one transaction. */
  seedDemoData: (em: EntityManager) => Promise<void>;
  /**
   * Every feature's part of a person's erasure, in reverse order: what depends on a contact goes
   * before the contacts, whose foreign keys take the rest.
   */
  erasureHooks: readonly ErasureHook[];
  /** Every section of a person's data export, in order (one name each). */
  exportSections: readonly ExportSection[];
  /** Every webhook event (what endpoints may subscribe to; /api/openapi.json lists them). */
  webhookEvents: readonly WebhookEvent[];
  /**
   * The event bus, with every feature's subscriptions in order, then the webhook events' (so a
   * body reads what the others did: the owner routing gave a lead).
   */
  createEventBus: (notifier: SubscriberDeps['notifier']) => EventBus;
}

export function assemble(features: readonly Feature[]): FeatureSet {
  const webhookEvents = features.flatMap((f) => f.webhooks ?? []);
  const types = webhookEvents.map((e) => e.type);
  const exportSections = features.flatMap((f) => f.privacy?.export ?? []);
  const repeated = (names: string[]) => names.find((name, i) => names.indexOf(name) !== i);
  // The export's own fields come first; a section of the same name would overwrite one.
  const twice =
    repeated(types) ??
    repeated(['email', 'exportedAt', 'contacts', ...exportSections.map((s) => s.name)]);
  if (twice)
    throw new Error(`${twice} is declared twice (webhook events and export sections are unique)`);

  // Each webhook event as a subscription: its domain event queues its bodies for the endpoints.
  const webhookSubscriptions = (notifier: SubscriberDeps['notifier']): Subscriptions[] =>
    webhookEvents.map((event) => ({
      [event.on]: [
        {
          all: (em: EntityManager, events: readonly EventOf<typeof event.on>[]) =>
            queueWebhookBodies(em, event, notifier.webhooks, () => event.bodies(em, events)),
        },
      ],
    }));

  return {
    features,
    entities: features.flatMap((f) => f.entities),
    maintenanceTasks: features.flatMap((f) => f.maintenance ?? []),
    jobQueues: features.flatMap((f) => f.queues ?? []),
    startWorkers: async (context) => {
      const stops = await Promise.all(features.map((f) => f.startWorkers?.(context)));
      return async (graceMs) => {
        await Promise.all(stops.map((stop) => stop?.(graceMs)));
      };
    },
    seedDemoData: (em) =>
      em.transactional(async (tem) => {
        for (const feature of features) await feature.seedDemo?.(tem);
      }),
    erasureHooks: [...features].reverse().flatMap((f) => f.privacy?.erase ?? []),
    exportSections,
    webhookEvents,
    createEventBus: (notifier) => {
      const events = new EventBus();
      return events.register([
        ...features.flatMap((f) =>
          f.subscriptions ? [f.subscriptions({ notifier, events })] : [],
        ),
        ...webhookSubscriptions(notifier),
      ]);
    },
  };
}
