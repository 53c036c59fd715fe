import type { EntityManager } from '@mikro-orm/postgresql';
import { pruneAuditLog } from '../audit/audit.service';
import { pruneQuarantine } from '../quarantine/quarantine.service';
import { pruneExpiredSessions } from '../auth/session';
import { loadProtectionSettings } from '../security-center/settings.service';
import { pruneSpentFormTokens } from '../form-guard/form-token.service';
import { pruneRateLimitWindows } from '../rate-limit/rate-limit.service';
import {
  MAX_SECURITY_EVENT_ROWS,
  pruneSecurityEvents,
  SECURITY_RETENTION_DAYS,
} from '../security-center/events.service';
import { pruneCleanSubmissionCounters } from '../security-center/stats.service';

export interface PruneResult {
  events: number;
  eventsOverCap: number;
  cleanCounters: number;
  rateLimitWindows: number;
  formTokens: number;
  sessions: number;
  auditEntries: number;
  quarantined: number;
}

/**
 * Deletes what no screen or check needs any more, each feature through its own service.
 * Idempotent; safe on several instances at once.
 */
export async function pruneExpiredData(
  em: EntityManager,
  now = new Date(),
  maxEventRows = MAX_SECURITY_EVENT_ROWS,
): Promise<PruneResult> {
  const cutoff = new Date(now.getTime() - SECURITY_RETENTION_DAYS * 86_400_000);
  const { auditRetentionDays } = await loadProtectionSettings(em);
  const [
    eventCounts,
    cleanCounters,
    rateLimitWindows,
    formTokens,
    sessions,
    auditEntries,
    quarantined,
  ] = await Promise.all([
    pruneSecurityEvents(em, cutoff, maxEventRows),
    pruneCleanSubmissionCounters(em, cutoff),
    pruneRateLimitWindows(em, now),
    pruneSpentFormTokens(em, now),
    pruneExpiredSessions(em),
    pruneAuditLog(em, auditRetentionDays, now),
    pruneQuarantine(em, now),
  ]);
  return {
    ...eventCounts,
    cleanCounters,
    rateLimitWindows,
    formTokens,
    sessions,
    auditEntries,
    quarantined,
  };
}
