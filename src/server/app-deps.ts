import type { WebhookEvent } from './feature';
import type { ExportSection } from './privacy-hooks';
import type { SessionManager } from './auth/session';
import type { Orm } from './db/orm-type';
import type { EventBus } from './events/event-bus';
import type { JobQueue } from './jobs/job-queue';
import type { Logger } from './logger';
import type { WriteAudit } from './trpc/write-audit';
import type { Notifier } from './notifications/outbox.service';
import type { WebhookNotifier } from './webhooks/webhook-settings';
import type { PageViewIntake } from './web-analytics/page-view-intake';
import type { ErasureDeps } from './privacy/erasure.service';
import type { GroupCommit } from './db/group-commit';
import type { KeyedAnswer, KeyedSubmission } from './integration-keys/integration-submit.service';

/**
 * What the app gives every request; built once at start-up. Declared here, in the composition
 * root, because it names features (sessions, notifications, webhooks) that trpc/ and http/ may
 * not.
 */
export interface AppDeps {
  orm: Orm;
  sessions: SessionManager;
  log: Logger;
  /** Lead emails: the job queue and SMTP when configured (see notifications/); webhooks (webhooks/). */
  notifier: Notifier & WebhookNotifier;
  /** The job queue, for work such as CSV imports (absent in tests that do not start it). */
  jobs?: JobQueue;
  /** Where services publish what they changed; the features' subscribers react (features.ts). */
  events: EventBus;
  /** The audit, as the procedures file writes with it (audit/write-audit.service.ts). */
  audit: WriteAudit;
  /** Page views: the per-network limit, then a buffer written many per statement (web-analytics/). */
  pageViews: PageViewIntake;
  /** Leads sent with an integration key, stored many per transaction under load (integration-keys/). */
  keyedLeads: GroupCommit<KeyedSubmission, KeyedAnswer>;
  /**
   * Erasures (the bus they publish on, the ledger's file and key, every feature's hook) and a
   * person's export (every feature's section): privacy/.
   */
  privacy: ErasureDeps & { exportSections: readonly ExportSection[] };
  /** The webhook events the features send (their registrations), as endpoints subscribe to them. */
  webhookEvents: readonly WebhookEvent[];
  /** Booking links' lifetime (BOOKING_TOKEN_TTL_HOURS; 168 when absent). */
  booking?: { tokenTtlHours: number };
}
