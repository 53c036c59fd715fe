import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/** One of a user's ten one-time recovery codes, stored as its SHA-256 (it is random, not a password). */
export const RecoveryCode = defineEntity({
  name: 'RecoveryCode',
  tableName: 'user_recovery_codes',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    codeHash: p.string().length(64).hidden(),
    usedAt: p.datetime().nullable(),
  },
});
