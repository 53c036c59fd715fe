import { defineEntity, p } from '@mikro-orm/core';
import { creationTime } from '../db/timestamps';
import { User } from '../users/user.entity';

/**
 * A one-time link to set a new password: only the SHA-256 of its token is kept (the link is in
 * the email alone), it works until `expiresAt`, and `usedAt` spends it.
 */
export const PasswordReset = defineEntity({
  name: 'PasswordReset',
  tableName: 'password_resets',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    tokenHash: p.string().length(64).unique(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: creationTime(),
  },
});
