import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAuditOf } from '../../shared/audit.schema';
import { filedKey, type AuditChanges, type AuditScope } from './audit-context';
import { recordAudit } from './audit.service';
import { isSecretInput, REDACTED, redactValue } from './redact';

function idOf(value: unknown): string | null {
  if (value && typeof value === 'object' && 'id' in value) {
    const id = (value as { id: unknown }).id;
    if (typeof id === 'number' || typeof id === 'string') return String(id);
  }
  return null;
}

/** The input as "set to" changes (secrets redacted), for writes the ORM did not flush itself. */
function inputChanges(em: EntityManager, input: unknown): AuditChanges | null {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return null;
  const entries = Object.entries(input).filter(([k]) => k !== 'id');
  if (!entries.length) return null;
  const isSecret = (key: string) => isSecretInput(em, key);
  return Object.fromEntries(
    entries.map(([k, v]) => [k, { to: isSecret(k) ? REDACTED : redactValue(v, isSecret) }]),
  );
}

/**
 * Files the audit entry of one successful mutation by a signed-in user, in its transaction: who,
 * what (the procedure's action and kind of record, and its id), the fields before -> after that
 * the ORM flushed for that record, or else the input as the new values, and from which IP and
 * user agent. A write whose domain event filed the entry for that record already files nothing.
 */
export async function auditMutation(
  em: EntityManager,
  { action, entity }: TAuditOf,
  input: unknown,
  output: unknown,
  scope: AuditScope,
): Promise<void> {
  const givenId = idOf(input) ?? idOf(output);
  // The ORM's name for the table may be longer (webhook -> webhook_endpoint); a route may name
  // a parent's id (/users/{id}/availability): then the one row of that kind it flushed is it.
  const ofKind = scope.flushed.filter(
    (f) => f.entityType === entity || f.entityType.startsWith(`${entity}_`),
  );
  const flushed =
    ofKind.find((f) => givenId !== null && f.entityId === givenId) ??
    (ofKind.length === 1 ? ofKind[0] : undefined);
  const entityId = flushed?.entityId ?? givenId;
  if (scope.filed.has(filedKey(entity, entityId))) return;
  await recordAudit(em, {
    actor: scope.actor,
    action,
    entityType: entity,
    entityId,
    changes:
      flushed && Object.keys(flushed.changes).length ? flushed.changes : inputChanges(em, input),
    ip: scope.ip,
    userAgent: scope.userAgent,
  });
}
