// One place that assembles the app from its parts: the server, the test app, the fault drill and
// the benches all build it here, so a new dependency is wired once.
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { createApp, type AppOptions } from './app';
import type { AppDeps } from './app-deps';
import { writeAudit } from './audit/write-audit.service';
import { SessionManager } from './auth/session';
import { bookingPageLink } from './booking/bookings.service';
import type { Orm } from './db/orm-type';
import { appFeatures } from './features';
import type { FeatureSet } from './feature-set';
import { GroupCommit } from './db/group-commit';
import { submitContactsWithKeys } from './integration-keys/integration-submit.service';
import type { JobQueue } from './jobs/job-queue';
import type { Logger } from './logger';
import type { Mailer } from './notifications/mailer';
import type { WebhookSettings } from './webhooks/webhook-settings';
import { pageViewIntake } from './web-analytics/page-view-intake';
import type { PageViewCaps } from './web-analytics/page-view-intake.sql';
import { erasureLedger, type ErasureLedger } from './privacy/erasure-ledger-file';
import { DEFAULT_DAILY_KEY_CAP, DEFAULT_DAILY_VIEW_CAP } from '../shared/web-analytics.schema';

export interface AppParts {
  orm: Orm;
  log: Logger;
  /** Session cookies; a throw-away secret when absent (benches, drills: one process, one run). */
  sessions?: SessionManager;
  /** The job queue; without it lead emails are only recorded and nothing is delivered. */
  queue?: JobQueue;
  /** SMTP; without it emails are recorded as not_configured. */
  mailer?: Mailer;
  /** Webhook delivery (off when absent). */
  webhooks?: WebhookSettings;
  /** Base of the links in emails (default http://localhost). */
  publicUrl?: string;
  /** Booking links in the auto-reply and their lifetime; reminders before a call. */
  booking?: { tokenTtlHours: number; reminderOffsets?: number[] };
  /** The erasure ledger's file and key; a throw-away one when absent (benches, drills). */
  erasureLedger?: ErasureLedger;
  /** Page views stored per UTC day, and distinct values of each kind (the defaults when absent). */
  pageViewCaps?: PageViewCaps;
  /** The features to build it of (the product's when absent; a test adds one of its own). */
  features?: FeatureSet;
}

export interface BuiltApp {
  app: Express;
  deps: AppDeps;
}

const throwAwaySessions = () =>
  new SessionManager({
    secret: randomBytes(32).toString('hex'),
    idleMinutes: 60,
    absoluteHours: 24,
    secureCookie: false,
  });

const throwAwayLedger = () =>
  erasureLedger(
    join(tmpdir(), `convoza-erasure-ledger-${randomUUID()}.jsonl`),
    randomBytes(32).toString('hex'),
  );

/** The app and what it was built with (the event bus with every feature's subscribers). */
export function buildApp(parts: AppParts, options: AppOptions = {}): BuiltApp {
  const publicUrl = parts.publicUrl ?? 'http://localhost';
  const notifier = {
    queue: parts.queue,
    mailer: parts.mailer,
    publicUrl,
    webhooks: parts.webhooks,
    bookingReminderOffsets: parts.booking?.reminderOffsets,
    bookingLink: parts.booking && bookingPageLink(publicUrl, parts.booking.tokenTtlHours),
  };
  const features = parts.features ?? appFeatures;
  const events = features.createEventBus(notifier);
  const deps: AppDeps = {
    orm: parts.orm,
    sessions: parts.sessions ?? throwAwaySessions(),
    log: parts.log,
    notifier,
    jobs: parts.queue,
    events,
    privacy: {
      events,
      ledger: parts.erasureLedger ?? throwAwayLedger(),
      erasers: features.erasureHooks,
      exportSections: features.exportSections,
    },
    keyedLeads: new GroupCommit(parts.orm.em, (tem, items) =>
      submitContactsWithKeys(tem, items, events),
    ),
    audit: writeAudit,
    pageViews: pageViewIntake(
      parts.orm,
      parts.log,
      parts.pageViewCaps ?? { views: DEFAULT_DAILY_VIEW_CAP, keys: DEFAULT_DAILY_KEY_CAP },
    ),
    booking: parts.booking && { tokenTtlHours: parts.booking.tokenTtlHours },
    webhookEvents: features.webhookEvents,
  };
  return { app: createApp(deps, options), deps };
}
