import { defineEntity, p } from '@mikro-orm/core';
import { creationTime } from '../db/timestamps';
import { User } from '../users/user.entity';

export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    /** 256-bit random id, base64url; sealed inside the iron-session cookie. */
    id: p.string().length(64).primary(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    expiresAt: p.datetime().index(),
    /** Sliding idle deadline; expiresAt is the absolute one. */
    idleExpiresAt: p.datetime(),
    createdAt: creationTime(),
    /** What the owner sees and revokes by; the real id never leaves the cookie. */
    publicId: p.string().length(24).unique(),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(500).nullable(),
    lastSeenAt: creationTime(),
  },
});
