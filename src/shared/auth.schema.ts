import { z } from 'zod';
import { requiredText } from './text.schema';
import { ZRole } from './users.schema';

export const AUTH_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  invalidCredentials: 'Invalid username or password',
} as const;

export const ZLogin = z.object({
  // requiredText refuses NUL, which PostgreSQL cannot store or compare (fuzzing found the 500).
  username: requiredText(AUTH_MESSAGES.usernameRequired, 200),
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(200),
});
export type TLogin = z.output<typeof ZLogin>;

export const ZMe = z.object({
  id: z.number().int(),
  username: z.string(),
  role: ZRole,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Signs in with a TOTP code too. */
  twoFactorEnabled: z.boolean().optional(),
  /** An admin who must set up two-factor sign-in before anything else (a Security setting). */
  twoFactorRequired: z.boolean().optional(),
});
export type TMe = z.output<typeof ZMe>;

export const ZLoginResult = z.object({
  success: z.boolean(),
  error: z.string().optional(),
  user: ZMe.optional(),
  /** The password was right; POST /auth/login/2fa with a code completes the sign-in. */
  twoFactorRequired: z.boolean().optional(),
});
export type TLoginResult = z.output<typeof ZLoginResult>;
