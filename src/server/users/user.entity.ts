import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { creationTime, updateTime } from '../db/timestamps';
import { ROLES } from '../../shared/users.schema';

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.integer().primary().autoincrement(),
    username: p.string().length(50).unique(),
    /** scrypt hash, never the password itself; never leaves the server. */
    password: p.string().length(255).hidden().lazy(),
    email: p.string().length(254).unique(),
    firstName: p.string().length(100).nullable(),
    lastName: p.string().length(100).nullable(),
    role: p.enum(ROLES).default('user'),
    isActive: p.boolean().default(true),
    /**
     * When the password was last set (null: as created): a reset link asked for before then no
     * longer works (auth/password-reset.service.ts).
     */
    passwordChangedAt: p.datetime().nullable().hidden(),
    /** TOTP key (base32); server-only like the password. Null while two-factor sign-in is off. */
    twoFactorSecret: p.string().length(64).nullable().hidden().lazy(),
    /** A key shown for set-up, until a code from it confirms it. */
    twoFactorPendingSecret: p.string().length(64).nullable().hidden().lazy(),
    twoFactorEnabledAt: p.datetime().nullable(),
    /** The last time step a code was accepted for: a code works once. */
    twoFactorLastStep: p.bigint('number').nullable().hidden().lazy(),
    /** Where the back office shows this user's times (IANA name); null until their first sign-in detects it. */
    timeZone: p.text().nullable(),
    createdAt: creationTime(),
    updatedAt: updateTime(),
  },
  // Sign-in ignores case, so `Admin` and `admin` can never be two accounts.
  uniques: [
    {
      name: 'users_username_lower_unique',
      expression:
        'create unique index "users_username_lower_unique" on "users" (lower("username"))',
    },
  ],
});
export type IUser = InferEntity<typeof User>;
