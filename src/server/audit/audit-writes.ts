import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAuditAction } from '../../shared/audit.schema';
import { snake, type AuditChanges, type AuditScope } from './audit-context';
import { recordAudit } from './audit.service';
import { isSecretInput, REDACTED, redactValue } from './redact';

/** The router segment of a procedure path, as the kind of thing it writes. */
const ENTITY_OF: Record<string, string> = {
  contacts: 'contact',
  contactActivity: 'contact',
  users: 'user',
  serviceInquiries: 'service_inquiry',
  campaigns: 'campaign',
  security: 'security_settings',
  notifications: 'notification_settings',
  integrationKeys: 'integration_key',
  webhooks: 'webhook',
  leadRouting: 'lead_routing',
  quarantine: 'quarantine',
  auth: 'user',
};

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
 * what (the procedure's action, the entity and id), the fields before -> after that the ORM
 * flushed for that entity, or else the input as the new values, and from which IP and user agent.
 */
export async function auditMutation(
  em: EntityManager,
  action: TAuditAction,
  path: string,
  input: unknown,
  output: unknown,
  scope: AuditScope,
): Promise<void> {
  const segments = path.split('.');
  const group = segments[0] === 'admin' ? (segments[1] ?? '') : (segments[0] ?? '');
  const entityType = ENTITY_OF[group] ?? snake(group);
  const entityId = idOf(input) ?? idOf(output);
  // The ORM's name for the table may be longer (webhook -> webhook_endpoint). A router that
  // writes several kinds of rows (booking: hours, settings, calendars) names none of them: then
  // the one row the write flushed, when it flushed exactly one, is what it changed.
  const flushed =
    scope.flushed.find(
      (f) =>
        (f.entityType === entityType || f.entityType.startsWith(`${entityType}_`)) &&
        (entityId === null || f.entityId === entityId),
    ) ?? (scope.flushed.length === 1 && !ENTITY_OF[group] ? scope.flushed[0] : undefined);
  const named = flushed && !ENTITY_OF[group] ? flushed.entityType : entityType;
  await recordAudit(em, {
    actor: scope.actor,
    action,
    entityType: named,
    entityId: (named === entityType ? entityId : null) ?? flushed?.entityId ?? null,
    changes:
      flushed && Object.keys(flushed.changes).length ? flushed.changes : inputChanges(em, input),
    ip: scope.ip,
    userAgent: scope.userAgent,
  });
}
