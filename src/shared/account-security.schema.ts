import { z } from 'zod';
import { ZIsoDate } from './text.schema';

export const TWO_FACTOR_MESSAGES = {
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  wrongCode: 'That code is not right (or was already used). Try the next one.',
  notPending: 'Start the set-up first: ask for a new QR code.',
  alreadyOn: 'Two-factor authentication is already on.',
  notOn: 'Two-factor authentication is not on.',
  wrongPassword: 'The password is not right.',
  signInFirst: 'Sign in with your username and password first.',
  required: 'Two-factor authentication is required for admins: set it up in Account security.',
  oneOf: 'Send either a code or a recovery code',
} as const;

/** Inputs that carry a secret no entity stores as such (the audit log never shows them). */
export const SECRET_INPUT_FIELDS = ['code', 'recoveryCode'] as const;

export const ZTotpCode = z
  .string({ error: TWO_FACTOR_MESSAGES.codeFormat })
  .trim()
  .regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat);

/** A recovery code as shown (xxxxx-xxxxx); spaces, dashes and case do not matter. */
export const ZRecoveryCode = z
  .string({ error: 'Enter a recovery code' })
  .trim()
  .min(10, 'Enter a recovery code')
  .max(40, 'Enter a recovery code');

export const ZTwoFactorSetup = z.object({
  /** Base32 key, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG QR code. */
  qrSvg: z.string(),
});
export type TTwoFactorSetup = z.output<typeof ZTwoFactorSetup>;

export const ZTwoFactorEnable = z.strictObject({ code: ZTotpCode });
export const ZTwoFactorEnabled = z.object({ recoveryCodes: z.array(z.string()) });

/** The second step: a code from the app, or one of the recovery codes. */
export const ZSecondFactor = z
  .strictObject({ code: ZTotpCode.optional(), recoveryCode: ZRecoveryCode.optional() })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    message: TWO_FACTOR_MESSAGES.oneOf,
    path: ['code'],
  });
export type TSecondFactorInput = z.input<typeof ZSecondFactor>;
export type TSecondFactor = z.output<typeof ZSecondFactor>;

/** The current password, asked again before a change to how the account signs in. */
const ZCurrentPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(200);

/** POST /auth/2fa/setup: a stolen session alone must not enrol the thief's authenticator. */
export const ZTwoFactorSetupInput = z.strictObject({ password: ZCurrentPassword });

export const ZTwoFactorDisable = z.strictObject({
  password: ZCurrentPassword,
  /** A code from the app or a recovery code. */
  code: z.string({ error: 'Code is required' }).trim().min(6, 'Code is required').max(40),
});

export const ZSessionInfo = z.object({
  id: z.string(),
  createdAt: ZIsoDate,
  lastSeenAt: ZIsoDate,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session of this request. */
  current: z.boolean(),
});
export type TSessionInfo = z.output<typeof ZSessionInfo>;
