// A new password typed twice, as every form that sets one asks for it: the rule that the two
// match (on the confirmation field) and the two fields.
import { z } from 'zod';
import { USER_MESSAGES } from '../../../shared/users.schema';
import { formFields } from './form';

interface Passwords {
  newPassword: string;
  confirmPassword: string;
}

/** `schema` (with a `newPassword`) and a `confirmPassword` that must equal it. */
export const withPasswordConfirmation = <Shape extends { newPassword: z.ZodString }>(
  schema: z.ZodObject<Shape>,
) =>
  schema
    .extend({ confirmPassword: z.string() })
    // The extended shape is generic here, so its output type is not resolved: read the two by name.
    .refine((v) => (v as Passwords).newPassword === (v as Passwords).confirmPassword, {
      message: USER_MESSAGES.passwordsDontMatch,
      path: ['confirmPassword'],
    });

const { FormField } = formFields<Passwords>('password');

/** The new password and its confirmation, inside a <Form> of withPasswordConfirmation's schema. */
export function NewPasswordFields({ confirmLabel }: { confirmLabel: string }) {
  return (
    <>
      <FormField
        name="newPassword"
        label="New Password"
        type="password"
        autoComplete="new-password"
      />
      <FormField
        name="confirmPassword"
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
