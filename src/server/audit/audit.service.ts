import type { EntityManager } from '@mikro-orm/postgresql';
import {
  recordedActor,
  type TAuditAction,
  type TAuditEntry,
  type TAuditPage,
  type TAuditQuery,
} from '../../shared/audit.schema';
import { AuditEntry } from './audit-entry.entity';
import { snake, type AuditChanges } from './audit-context';
import { auditLogRows, type AuditRow } from './audit-log.sql';

export { setValues } from './audit-context';

export interface AuditRecord {
  actor: { id: number; username: string } | null;
  /** The username tried, for a failed sign-in (no actor). */
  actorUsername?: string;
  action: TAuditAction;
  entityType: string;
  entityId: string | number | null;
  changes: AuditChanges | null;
  ip: string | null;
  userAgent: string | null;
}

/** The kind of record the audit files an entity's flushed rows under (`ContactActivity` -> `contact_activity`). */
export const auditEntityTypeOf = (className: string) => snake(className);

/** The row an audit record is stored as (lengths cut to the columns'). */
const auditRow = (entry: AuditRecord) => ({
  at: new Date(),
  actor: entry.actor?.id ?? null,
  actorUsername: (entry.actor?.username ?? entry.actorUsername ?? null)?.slice(0, 50) ?? null,
  action: entry.action.slice(0, 50),
  entityType: entry.entityType.slice(0, 50),
  entityId: entry.entityId === null ? null : String(entry.entityId).slice(0, 64),
  changes: entry.changes,
  ip: entry.ip?.slice(0, 64) ?? null,
  userAgent: entry.userAgent?.slice(0, 500) ?? null,
});

/** Writes an entry now (outside a transaction too: a failed sign-in is filed though nothing commits). */
export async function recordAudit(em: EntityManager, entry: AuditRecord): Promise<void> {
  await em.insert(AuditEntry, auditRow(entry));
}

/**
 * Writes entries filed from domain events, in `em`'s transaction (they commit with the change
 * they are about), in one insert: the leads of a group commit cost one statement of audit
 * rather than one each.
 */
export async function recordAudits(em: EntityManager, entries: readonly AuditRecord[]) {
  if (!em.isInTransaction()) throw new Error('recordAudits outside a transaction: use recordAudit');
  if (entries.length) await em.insertMany(AuditEntry, entries.map(auditRow));
}

export function toAuditEntry(r: AuditRow): TAuditEntry {
  return {
    id: Number(r.id),
    at: r.at,
    actor: recordedActor(r.actor_id, r.actor_username),
    action: r.action,
    entityType: r.entity_type,
    entityId: r.entity_id,
    changes: r.changes,
    ip: r.ip,
    userAgent: r.user_agent,
  };
}

/** A page of the log, newest first, by keyset on id. */
export async function listAuditLog(em: EntityManager, query: TAuditQuery): Promise<TAuditPage> {
  const rows = await auditLogRows(em, query, query.cursor, query.limit + 1);
  const items = rows.slice(0, query.limit).map(toAuditEntry);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > query.limit && last ? String(last.id) : null };
}

/** Drops entries older than the retention (the Security Center setting), in batches. */
export async function pruneAuditLog(em: EntityManager, retentionDays: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  return em.nativeDelete(AuditEntry, { at: { $lt: cutoff } });
}
