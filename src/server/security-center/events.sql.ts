import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  TSecurityEvent,
  TSecurityEventFind,
  TSecurityEventPage,
  TSecurityEventScope,
  TSecurityEventType,
  TSeverity,
} from '../../shared/security.schema';
import { toStorableText } from '../../shared/text.schema';
import { clientKey } from '../http/client-ip';
import { SecurityEvent, type ISecurityEvent } from './security-event.entity';

export interface NewSecurityEvent {
  type: TSecurityEventType;
  severity: TSeverity;
  ip: string;
  userAgent: string;
  details: string;
  scope?: TSecurityEventScope;
}

/** Header values and details are attacker-controlled: cap them to the columns, storable. */
const clip = (text: string, max: number) => toStorableText(text.slice(0, max));

/** SQL ranking a severity column, so an entry keeps the highest severity of its repeats. */
const SEVERITY_RANK = (column: string) =>
  `(case ${column} when 'high' then 3 when 'medium' then 2 else 1 end)`;

/**
 * Records a refused request. Repeats of a type from one client network within a minute add to
 * one row (the latest details win, the highest severity stays), so a flood costs a row a
 * minute, not a row a request; the tiles sum the counts, so totals stay true.
 */
export async function recordSecurityEvent(
  em: EntityManager,
  e: NewSecurityEvent,
  now = new Date(),
): Promise<void> {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  await em.execute(
    `insert into security_events
       (created_at, last_seen_at, minute, client_key, count, type, scope, severity, ip, user_agent, details)
     values (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)
     on conflict (minute, client_key, scope, type) do update set
       count = security_events.count + 1,
       last_seen_at = excluded.last_seen_at,
       severity = case when ${SEVERITY_RANK('excluded.severity')} > ${SEVERITY_RANK('security_events.severity')}
                       then excluded.severity else security_events.severity end,
       ip = excluded.ip, user_agent = excluded.user_agent, details = excluded.details`,
    [
      now,
      now,
      minute,
      clip(clientKey(e.ip), 64),
      e.type,
      e.scope ?? 'contact_form',
      e.severity,
      clip(e.ip, 64),
      clip(e.userAgent, 500),
      clip(e.details, 500),
    ],
  );
}

function toView(e: ISecurityEvent): TSecurityEvent {
  return {
    id: e.id,
    timestamp: e.createdAt.toISOString(),
    lastSeenAt: e.lastSeenAt.toISOString(),
    count: e.count,
    type: e.type,
    ip: e.ip,
    userAgent: e.userAgent,
    details: e.details,
    severity: e.severity,
  };
}

/** The log, newest first, keyset-paged on id, filtered by type and severity in SQL. */
export async function findSecurityEvents(
  em: EntityManager,
  q: TSecurityEventFind,
): Promise<TSecurityEventPage> {
  const where = {
    ...(q.type ? { type: q.type } : {}),
    ...(q.severity ? { severity: q.severity } : {}),
    ...(q.cursor ? { id: { $lt: q.cursor } } : {}),
  };
  const rows = await em.find(SecurityEvent, where, { orderBy: { id: 'desc' }, limit: q.limit + 1 });
  const items = rows.slice(0, q.limit).map(toView);
  return {
    items,
    nextCursor: rows.length > q.limit ? (items[items.length - 1]?.id ?? null) : null,
  };
}

/** Security events and clean-submission counters older than this are deleted. */
export const SECURITY_RETENTION_DAYS = 90;
/**
 * At most this many security-log rows (about 100 MB with indexes), whatever happens: a flood
 * from many networks at once adds a row per network and minute, and the oldest go first.
 */
export const MAX_SECURITY_EVENT_ROWS = 100_000;

/** Deletes events older than `cutoff`, then the oldest beyond `maxRows`. */
export async function pruneSecurityEvents(
  em: EntityManager,
  cutoff: Date,
  maxRows = MAX_SECURITY_EVENT_ROWS,
): Promise<{ events: number; eventsOverCap: number }> {
  const run = async (sql: string, params: unknown[]) =>
    (await em.execute<{ affectedRows: number }>(sql, params, 'run')).affectedRows;
  const events = await run('delete from security_events where created_at < ?', [cutoff]);
  // Ids grow with time, so "older than the newest N" is "id below the N-th newest id".
  const eventsOverCap = await run(
    `delete from security_events
      where id < (select id from security_events order by id desc offset ? limit 1)`,
    [maxRows - 1],
  );
  return { events, eventsOverCap };
}
