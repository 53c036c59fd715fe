import type { EntityManager } from '@mikro-orm/postgresql';
import { pruneExpiredSessions } from '../auth/session';

/** Security events and clean-submission counters older than this are deleted. */
export const SECURITY_RETENTION_DAYS = 90;
/** Rate-limit windows are at most an hour long and the previous one is still read: keep 3 hours. */
const RATE_LIMIT_KEEP_MS = 3 * 3_600_000;

export interface PruneResult {
  events: number;
  cleanCounters: number;
  rateLimitWindows: number;
  formTokens: number;
  sessions: number;
}

/** Deletes what no screen or check needs any more. Idempotent; safe on several instances at once. */
export async function pruneSecurityData(em: EntityManager, now = new Date()): Promise<PruneResult> {
  const cutoff = new Date(now.getTime() - SECURITY_RETENTION_DAYS * 86_400_000);
  const run = async (sql: string, params: unknown[]) =>
    (await em.execute<{ affectedRows: number }>(sql, params, 'run')).affectedRows;
  const [events, cleanCounters, rateLimitWindows, formTokens, sessions] = await Promise.all([
    run('delete from security_events where created_at < ?', [cutoff]),
    run('delete from security_clean_submissions where hour < ?', [cutoff]),
    run('delete from security_rate_limits where window_start < ?', [
      new Date(now.getTime() - RATE_LIMIT_KEEP_MS),
    ]),
    run('delete from security_used_form_tokens where expires_at < ?', [now]),
    pruneExpiredSessions(em),
  ]);
  return { events, cleanCounters, rateLimitWindows, formTokens, sessions };
}
