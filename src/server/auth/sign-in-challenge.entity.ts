import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/**
 * A password accepted, waiting for the second factor. Kept here rather than in the cookie alone
 * so that it is spent by the sign-in it completes: a copy of the cookie completes nothing more.
 */
export const SignInChallenge = defineEntity({
  name: 'SignInChallenge',
  tableName: 'sign_in_challenges',
  properties: {
    /** 256-bit random id, base64url; sealed inside the iron-session cookie. */
    id: p.string().length(64).primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    expiresAt: p.datetime().index(),
  },
});
