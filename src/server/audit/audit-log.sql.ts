import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TAuditFilter } from '../../shared/audit.schema';
import { isoText } from '../db/iso-text.sql';
import { typedSql } from '../db/typed-sql';
import type { AuditChanges } from './audit-context';
import { AuditEntry } from './audit-entry.entity';

export interface AuditRow {
  id: string;
  at: string;
  actor_id: number | null;
  actor_username: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  changes: AuditChanges | null;
  ip: string | null;
  user_agent: string | null;
}

/**
 * Up to `limit` entries matching `filter`, newest first, below id `before` when given (keyset).
 * Only the filters given become conditions, so each uses its index.
 */
export async function auditLogRows(
  em: EntityManager,
  filter: TAuditFilter,
  before: string | undefined,
  limit: number,
): Promise<AuditRow[]> {
  let query = typedSql(em, [AuditEntry])
    .selectFrom('audit_log')
    .select((eb) => [
      sql<string>`${eb.ref('id')}::text`.as('id'),
      isoText(eb.ref('at')).as('at'),
      'actor_id',
      'actor_username',
      'action',
      'entity_type',
      'entity_id',
      'changes',
      'ip',
      'user_agent',
    ])
    .orderBy('audit_log.id', 'desc')
    .limit(limit);
  if (filter.actorId) query = query.where('actor_id', '=', filter.actorId);
  if (filter.entityType) query = query.where('entity_type', '=', filter.entityType);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (before) query = query.where('id', '<', sql<number>`${before}::bigint`);
  return query.execute();
}
