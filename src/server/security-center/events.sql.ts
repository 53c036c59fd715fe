import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type {
  TSecurityEvent,
  TSecurityEventFind,
  TSecurityEventPage,
  TSecurityEventScope,
  TSecurityEventType,
  TSeverity,
} from '../../shared/security.schema';
import { toStorableText } from '../../shared/text.schema';
import { typedSql } from '../db/typed-sql';
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

/** A severity column's rank, so an entry keeps the highest severity of its repeats. */
const severityRank = (column: 'excluded.severity' | 'security_events.severity') =>
  sql`(case ${sql.ref(column)} when 'high' then 3 when 'medium' then 2 else 1 end)`;

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
  await typedSql(em, [SecurityEvent])
    .insertInto('security_events')
    .values({
      created_at: now,
      last_seen_at: now,
      minute,
      client_key: clip(clientKey(e.ip), 64),
      count: 1,
      type: e.type,
      scope: e.scope ?? 'contact_form',
      severity: e.severity,
      ip: clip(e.ip, 64),
      user_agent: clip(e.userAgent, 500),
      details: clip(e.details, 500),
    })
    .onConflict((conflict) =>
      conflict.columns(['minute', 'client_key', 'scope', 'type']).doUpdateSet((eb) => ({
        count: eb('security_events.count', '+', 1),
        last_seen_at: eb.ref('excluded.last_seen_at'),
        severity: eb
          .case()
          .when(severityRank('excluded.severity'), '>', severityRank('security_events.severity'))
          .then(eb.ref('excluded.severity'))
          .else(eb.ref('security_events.severity'))
          .end(),
        ip: eb.ref('excluded.ip'),
        user_agent: eb.ref('excluded.user_agent'),
        details: eb.ref('excluded.details'),
      })),
    )
    .execute();
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
  const db = typedSql(em, [SecurityEvent]);
  const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);
  const events = deleted(
    await db
      .deleteFrom('security_events')
      .where('created_at', '<', cutoff.toISOString())
      .executeTakeFirstOrThrow(),
  );
  // Ids grow with time, so "older than the newest N" is "id below the N-th newest id".
  const eventsOverCap = deleted(
    await db
      .deleteFrom('security_events')
      .where('id', '<', (eb) =>
        eb
          .selectFrom('security_events')
          .select('id')
          .orderBy('id', 'desc')
          .offset(maxRows - 1)
          .limit(1),
      )
      .executeTakeFirstOrThrow(),
  );
  return { events, eventsOverCap };
}
