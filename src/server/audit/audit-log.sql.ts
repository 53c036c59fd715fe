import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAuditFilter } from '../../shared/audit.schema';
import type { SqlCondition } from '../db/sql-condition';
import { SQL_ISO_FORMAT } from '../db/sql-format';
import type { AuditChanges } from './audit-context';

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

/** The filters as a SQL condition with `?` parameters; only the filters given, so each uses its index. */
function auditWhere(filter: TAuditFilter, before?: string): SqlCondition {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    parts.push(sql);
    params.push(value);
  };
  if (filter.actorId) add('actor_id = ?', filter.actorId);
  if (filter.entityType) add('entity_type = ?', filter.entityType);
  if (filter.action) add('action = ?', filter.action);
  if (before) add('id < ?::bigint', before);
  return { sql: parts.length ? parts.join(' and ') : 'true', params };
}

const AUDIT_SELECT = `select id::text as id, to_char(at at time zone 'utc', ${SQL_ISO_FORMAT}) as at, actor_id,
  actor_username, action, entity_type, entity_id, changes, ip, user_agent from audit_log`;

/** Up to `limit` entries matching `filter`, newest first, below id `before` when given (keyset). */
export function auditLogRows(
  em: EntityManager,
  filter: TAuditFilter,
  before: string | undefined,
  limit: number,
): Promise<AuditRow[]> {
  const where = auditWhere(filter, before);
  return em.execute<AuditRow[]>(
    `${AUDIT_SELECT} where ${where.sql} order by audit_log.id desc limit ?`,
    [...where.params, limit],
  );
}
