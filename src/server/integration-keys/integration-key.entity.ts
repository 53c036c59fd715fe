import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { creationTime } from '../db/timestamps';

/**
 * A key a server-side integration sends as `Authorization: Bearer <key>` to submit leads. Only
 * its SHA-256 is stored (the key is 32 random bytes: a fast hash cannot be brute-forced), plus
 * the first characters so a person can tell keys apart.
 */
export const IntegrationKey = defineEntity({
  name: 'IntegrationKey',
  tableName: 'integration_keys',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    prefix: p.string().length(20),
    keyHash: p.string().length(64).unique().hidden(),
    createdAt: creationTime(),
    lastUsedAt: p.datetime().nullable(),
  },
});
export type IIntegrationKey = InferEntity<typeof IntegrationKey>;
