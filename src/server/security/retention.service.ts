import type { EntityManager } from '@mikro-orm/postgresql';
import { pruneExpiredSessions } from '../auth/session';

/** Security events and clean-submission counters older than this are deleted. */
export const SECURITY_RETENTION_DAYS = 90;
/**
 * At most this many security-log rows (about 100 MB with indexes), whatever happens: a flood
 * from many networks at once adds a row per network and minute, and the oldest go first.
 */
export const MAX_SECURITY_EVENT_ROWS = 100_000;
/** Rate-limit windows are at most an hour long and the previous one is still read: keep 3 hours. */
const RATE_LIMIT_KEEP_MS = 3 * 3_600_000;

export interface PruneResult {
  events: number;
  eventsOverCap: number;
  cleanCounters: number;
  rateLimitWindows: number;
  formTokens: number;
  sessions: number;
}

/** Deletes what no screen or check needs any more. Idempotent; safe on several instances at once. */
export async function pruneSecurityData(
  em: EntityManager,
  now = new Date(),
  maxEventRows = MAX_SECURITY_EVENT_ROWS,
): Promise<PruneResult> {
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
  // Ids grow with time, so "older than the newest N" is "id below the N-th newest id".
  const eventsOverCap = await run(
    `delete from security_events
      where id < (select id from security_events order by id desc offset ? limit 1)`,
    [maxEventRows - 1],
  );
  return { events, eventsOverCap, cleanCounters, rateLimitWindows, formTokens, sessions };
}
