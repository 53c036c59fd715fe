import type { AppDeps } from '../trpc/context';
import type { Actor } from '../auth/session';
import { snake, type AuditChanges, type AuditScope } from './audit-context';
import { recordAudit } from './audit.service';
import { redactValue } from './redact';

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
function inputChanges(input: unknown): AuditChanges | null {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return null;
  const entries = Object.entries(input).filter(([k]) => k !== 'id');
  if (!entries.length) return null;
  return Object.fromEntries(entries.map(([k, v]) => [k, { to: redactValue(k, v) }]));
}

/**
 * Files the audit entry of one successful mutation by a signed-in user: who, what (action from
 * the procedure, entity and id), the fields before -> after that the ORM flushed for that
 * entity, or else the input as the new values, and from which IP and user agent.
 */
export async function auditMutation(
  deps: AppDeps,
  actor: Actor,
  path: string,
  input: unknown,
  output: unknown,
  scope: AuditScope,
): Promise<void> {
  const segments = path.split('.');
  const group = segments[0] === 'admin' ? (segments[1] ?? '') : (segments[0] ?? '');
  const entityType = ENTITY_OF[group] ?? snake(group);
  const entityId = idOf(input) ?? idOf(output);
  // The ORM's name for the table may be longer (webhook -> webhook_endpoint).
  const flushed = scope.flushed.find(
    (f) =>
      (f.entityType === entityType || f.entityType.startsWith(`${entityType}_`)) &&
      (entityId === null || f.entityId === entityId),
  );
  await recordAudit(deps.orm.em.fork(), {
    actor: { id: actor.userId, username: actor.username },
    action: snake(segments[segments.length - 1] ?? 'write'),
    entityType,
    entityId: entityId ?? flushed?.entityId ?? null,
    changes: flushed && Object.keys(flushed.changes).length ? flushed.changes : inputChanges(input),
    ip: scope.ip,
    userAgent: scope.userAgent,
  });
}
