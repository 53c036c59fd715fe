import { z } from 'zod';
import { emailText, requiredText } from './text.schema';
import { ZNewPassword, ZRole } from './users.schema';

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
  /** The zone the back office shows their times in (IANA); null until their first sign-in detects it. */
  timeZone: z.string().nullable(),
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

/** How long a password reset link works. */
export const PASSWORD_RESET_MINUTES = 30;
export const PASSWORD_RESET_MESSAGES = {
  requested: 'If an account uses that address, a link to set a new password is on its way.',
  invalid: 'This reset link is invalid, already used or expired: ask for a new one',
  done: 'Your password is set. Sign in with it.',
} as const;

/** POST /auth/password-reset: always answered the same, whether the address is known or not. */
export const ZPasswordResetRequest = z.strictObject({
  email: emailText('Email is required', 'Please enter a valid email address'),
});

/** POST /auth/password-reset/confirm: the link's token and the new password. */
export const ZPasswordResetConfirm = z.strictObject({
  token: z
    .string({ error: PASSWORD_RESET_MESSAGES.invalid })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, PASSWORD_RESET_MESSAGES.invalid),
  newPassword: ZNewPassword,
});
