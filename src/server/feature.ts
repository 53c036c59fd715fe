import type { EntityManager } from '@mikro-orm/postgresql';
import type { Options } from '@mikro-orm/core';
import type { z } from 'zod';
import type { DomainEventName } from './domain-events';
import type { EventBus, EventOf, Subscriptions } from './events/event-bus';
import type { Notifier } from './notifications/outbox.service';
import type { WebhookNotifier } from './webhooks/webhook-settings';
import type { ErasureDeps } from './privacy/erasure.service';
import type { ErasureHook, ExportSection } from './privacy-hooks';
import type { Orm } from './db/orm-type';
import type { JobQueue, QueueDefinition } from './jobs/job-queue';
import type { Logger } from './logger';

/**
 * Housekeeping a feature needs now and then (pruning, folding counters, a digest email); returns
 * rows touched.
 */
export interface MaintenanceTask {
  name: string;
  run: (em: EntityManager, now: Date, deps: SubscriberDeps) => Promise<number>;
}

/**
 * What subscribers and maintenance may use: the outbound channels, and the bus to publish what
 * they change.
 */
export interface SubscriberDeps {
  notifier: Notifier & WebhookNotifier;
  events: EventBus;
  /** ANALYTICS_RAW_DAYS: how long raw page views are kept (90 days when absent). */
  analyticsRawDays?: number;
  /** ANALYTICS_DAILY_KEY_CAP: distinct values per kind and day the roll-ups keep apart. */
  analyticsKeyCap?: number;
  /** Erasures (the nightly retention runs them); retention does not run without. */
  privacy?: ErasureDeps;
}

/** One body of a webhook event: its `data`, and the contact it is about (null: none). */
export interface WebhookBodyData {
  contactId: number | null;
  data: unknown;
}

/**
 * A public webhook event a feature sends: its type, label and version, the schema of its body's
 * `data` (src/shared: checked before a delivery is queued, published in /api/openapi.json under
 * `webhooks`), the domain event that makes it and the bodies for a batch of those events (read
 * only when an endpoint subscribes to the type).
 */
export interface WebhookEvent<E extends DomainEventName = DomainEventName> {
  type: string;
  label: string;
  version: number;
  data: z.ZodType;
  on: E;
  bodies: (em: EntityManager, events: readonly EventOf<E>[]) => Promise<WebhookBodyData[]>;
}

/** Declares a webhook event, typed by its domain event (kept apart in a registration's list). */
export const webhookEvent = <E extends DomainEventName>(event: WebhookEvent<E>): WebhookEvent =>
  event as unknown as WebhookEvent;

/** What a feature's workers get on this instance. */
export interface WorkerContext {
  queue: JobQueue;
  orm: Orm;
  /** For work on connections of its own (an import's child process). */
  databaseUrl: string;
  log: Logger;
  /** The outbound channels (the mailer, when there is one; the webhooks' settings and guard). */
  notifier: Notifier & WebhookNotifier;
  options: WorkerOptions;
}

/** Tuning of the workers a test or a bench may set (the product's defaults otherwise). */
export interface WorkerOptions {
  /** The heap of a CSV import's child process, MB. */
  importHeapMb?: number;
}

/**
 * What a feature's workers leave running besides their queue's (a periodic sweep), and how it
 * stops: at once, or within the drain's grace period.
 */
export type StopWorkers = (graceMs: number) => void | Promise<void>;

/**
 * What a feature folder contributes to the app beyond its router: the tables it owns (its
 * entities: only this feature writes them), its maintenance, its demo content and what it does
 * when something happens elsewhere (domain events). Listed once
 * in features.ts; db/ and the server start-up take these lists and know no feature by name.
 */
export interface Feature {
  name: string;
  entities: NonNullable<Options['entities']>[number][];
  maintenance?: MaintenanceTask[];
  /** Adds this feature's rows to a fresh demo install (runs in features.ts order, one transaction). */
  seedDemo?: (em: EntityManager) => Promise<void>;
  /** How it reacts to domain events (run in features.ts order, in the change's transaction). */
  subscriptions?: (deps: SubscriberDeps) => Subscriptions;
  /**
   * Its part of a person's erasure and data export (privacy/ runs every feature's): what its
   * tables hold about a person goes with them, and is in their export.
   */
  privacy?: { erase?: ErasureHook; export?: ExportSection[] };
  /** The webhook events it sends (the webhooks feature delivers them; /api/openapi.json lists them). */
  webhooks?: WebhookEvent[];
  /** Its job queues (the job queue creates every feature's at start). */
  queues?: QueueDefinition[];
  /** Starts its workers on an instance (every instance runs every feature's). */
  startWorkers?: (context: WorkerContext) => Promise<StopWorkers | void>;
}
