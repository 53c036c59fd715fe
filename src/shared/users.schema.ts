import { z } from 'zod';
import { ZId, ZIsoDate, emailText, optionalText, requiredText } from './text.schema';

/** The product (docs/PRODUCT.md): the full name, or the username when the first or last name is missing. */
export function displayName(user: {
  username: string;
  firstName?: string | null;
  lastName?: string | null;
}): string {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  return first && last ? `${first} ${last}` : user.username;
}

export const ROLES = ['admin', 'user'] as const;
export const ZRole = z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(', ')}` });
export type TRole = z.output<typeof ZRole>;
/** The role that signs in to the back office (and so may own leads, take tasks, host calls). */
export const BACK_OFFICE_ROLE: TRole = 'admin';

export const PASSWORD_MIN = 6;
export const USER_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordsDontMatch: "Passwords don't match",
} as const;

const username = requiredText(USER_MESSAGES.usernameRequired, 50).regex(
  /^[A-Za-z0-9._-]+$/,
  'Username may only contain letters, digits, dots, dashes and underscores',
);
const email = emailText(USER_MESSAGES.emailRequired, USER_MESSAGES.emailInvalid);
const password = z
  .string({ error: USER_MESSAGES.passwordRequired })
  .min(1, USER_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN, USER_MESSAGES.passwordTooShort)
  .max(200, 'Password must be at most 200 characters');

/** POST /account/password: the current password, and a new one under the rules of user creation. */
export const ZPasswordChange = z.strictObject({
  currentPassword: z
    .string({ error: 'currentPassword is required' })
    .min(1, 'currentPassword is required'),
  newPassword: password,
});

/** The rules every new password follows (user creation, a change, a reset). */
export const ZNewPassword = password;

export const ZUserCreate = z.strictObject({
  username,
  password,
  email,
  firstName: optionalText(100),
  lastName: optionalText(100),
  role: ZRole.default('user'),
});
export type TUserCreateInput = z.input<typeof ZUserCreate>;
export type TUserCreate = z.output<typeof ZUserCreate>;

export const ZUserUpdate = z.strictObject({
  id: ZId,
  username,
  email,
  firstName: optionalText(100),
  lastName: optionalText(100),
  // Omitted means "keep the current role": a PATCH that does not mention it must never demote an admin.
  role: ZRole.optional(),
  newPassword: z
    .string()
    .max(200, 'Password must be at most 200 characters')
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= PASSWORD_MIN, USER_MESSAGES.passwordTooShort),
});
export type TUserUpdate = z.output<typeof ZUserUpdate>;

/**
 * A form's `schema` with a `confirmPassword` that must equal its `newPassword` when one is typed:
 * checked in the form, never sent.
 */
export const withPasswordConfirmation = <Shape extends { newPassword: z.ZodType }>(
  schema: z.ZodObject<Shape>,
) =>
  schema
    .extend({ confirmPassword: z.string().optional() })
    // The extended shape is generic here, so its output type is not resolved: read the two by name.
    .refine(
      (v) => {
        const { newPassword, confirmPassword } = v as {
          newPassword?: string;
          confirmPassword?: string;
        };
        return !newPassword || newPassword === confirmPassword;
      },
      { message: USER_MESSAGES.passwordsDontMatch, path: ['confirmPassword'] },
    );

/** The edit dialog's form: the update plus a confirmation (a new password is optional here). */
export const ZUserEditForm = withPasswordConfirmation(ZUserUpdate.omit({ id: true }));
export type TUserEditFormInput = z.input<typeof ZUserEditForm>;

export const ZUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: ZRole,
  isActive: z.boolean(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type TUser = z.output<typeof ZUser>;
