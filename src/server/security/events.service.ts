import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  TSecurityEvent,
  TSecurityEventFind,
  TSecurityEventPage,
  TSecurityEventType,
  TSeverity,
} from '../../shared/security.schema';
import { SecurityEvent, type ISecurityEvent } from './security-event.entity';

export type EventScope = 'contact_form' | 'login';

export interface NewSecurityEvent {
  type: TSecurityEventType;
  severity: TSeverity;
  ip: string;
  userAgent: string;
  details: string;
  scope?: EventScope;
}

/** Header values and details are attacker-controlled: cap them to the columns, drop NUL. */
const clip = (text: string, max: number) => text.replaceAll('\u0000', '').slice(0, max);

export async function recordSecurityEvent(em: EntityManager, e: NewSecurityEvent): Promise<void> {
  await em.insert(SecurityEvent, {
    type: e.type,
    scope: e.scope ?? 'contact_form',
    severity: e.severity,
    ip: clip(e.ip, 64),
    userAgent: clip(e.userAgent, 500),
    details: clip(e.details, 500),
    createdAt: new Date(),
  });
}

function toView(e: ISecurityEvent): TSecurityEvent {
  return {
    id: e.id,
    timestamp: e.createdAt.toISOString(),
    type: e.type as TSecurityEventType,
    ip: e.ip,
    userAgent: e.userAgent,
    details: e.details,
    severity: e.severity as TSeverity,
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
