import type { EventSubscriber, FlushEventArgs } from '@mikro-orm/core';
import { currentAuditScope, snake, type AuditChanges } from './audit-context';
import { REDACTED, redactValue } from './redact';

/** Rows that are bookkeeping of other rows, not something a person changed. */
const NOT_AUDITED = new Set(['AuditEntry', 'Session', 'RateLimitWindow', 'UsedFormToken']);

/** A reference (a related entity) logs as its id. */
const plain = (value: unknown): unknown =>
  value && typeof value === 'object' && 'id' in value && !(value instanceof Date)
    ? (value as { id: unknown }).id
    : value;

/**
 * Collects what each flush of a signed-in request wrote (after it, so new rows have their ids),
 * field by field with the value before and after, into the request's audit scope; the audit
 * middleware files it with the entry.
 */
export class AuditSubscriber implements EventSubscriber {
  afterFlush(args: FlushEventArgs): void {
    const scope = currentAuditScope();
    // Only a signed-in write files the fields it flushed; a visitor's writes are filed from
    // their events, so a lead's flush is not walked for nothing.
    if (!scope?.actor) return;
    for (const cs of args.uow.getChangeSets()) {
      if (NOT_AUDITED.has(cs.meta.className)) continue;
      const before = (cs.originalEntity ?? {}) as Record<string, unknown>;
      const changes: AuditChanges = {};
      // What the entity declares hidden (a password hash, a secret) is logged as changed, never
      // shown; a property with a serializer (a calendar's secret address) is logged as it shows.
      const hidden = (field: string) => Boolean(cs.meta.properties[field]?.hidden);
      const shown = (field: string, value: unknown) => {
        if (hidden(field)) return REDACTED;
        const serializer = cs.meta.properties[field]?.serializer;
        return redactValue(
          serializer && value != null ? serializer(value) : plain(value),
          () => false,
        );
      };
      for (const [field, to] of Object.entries(cs.payload as Record<string, unknown>)) {
        if (field === 'updatedAt' || field === 'createdAt') continue;
        const from = cs.type === 'create' ? undefined : before[field];
        changes[field] = {
          ...(from === undefined ? {} : { from: shown(field, from) }),
          to: shown(field, to),
        };
      }
      const pk = cs.getPrimaryKey();
      scope.flushed.push({
        entityType: snake(cs.meta.className),
        entityId: pk === null || pk === undefined ? null : String(pk as string | number),
        kind: cs.type === 'create' ? 'create' : cs.type === 'delete' ? 'delete' : 'update',
        changes,
      });
    }
  }
}
