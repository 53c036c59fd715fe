import { defineEntity, p } from '@mikro-orm/core';
import { creationTime } from '../db/timestamps';
import { User } from '../users/user.entity';
import { PERSONAL } from '../db/personal-data';

/**
 * Who changed what, when, from where: one row per write by a signed-in user (and per sign-in
 * attempt). The username is kept so the row still says who after the user is deleted.
 */
export const AuditEntry = defineEntity({
  name: 'AuditEntry',
  tableName: 'audit_log',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    at: creationTime(),
    actor: () => p.manyToOne(User).nullable().deleteRule('set null'),
    actorUsername: p.string().length(50).nullable(),
    action: p.string().length(50),
    entityType: p.string().length(50),
    entityId: p.string().length(64).nullable(),
    changes: p.json<Record<string, { from?: unknown; to?: unknown }>>().nullable().groups(PERSONAL),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(500).nullable(),
  },
  // Newest first by id for every filter: each first page is one short index range scan.
  indexes: [
    { name: 'audit_log_actor_id_index', properties: ['actor', 'id'] },
    { name: 'audit_log_entity_type_index', properties: ['entityType', 'id'] },
    { name: 'audit_log_action_index', properties: ['action', 'id'] },
    { name: 'audit_log_at_index', properties: ['at'] },
    // A record's history (a person's export and erasure read the entries about their records).
    { name: 'audit_log_entity_index', properties: ['entityType', 'entityId'] },
  ],
});
