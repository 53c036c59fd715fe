// A new password typed twice, as every form that sets one asks for it (the rule that the two
// match is withPasswordConfirmation, src/shared/users.schema.ts).
import { formFields } from './form';

interface Passwords {
  newPassword: string;
  confirmPassword: string;
}

const { FormField } = formFields<Passwords>('password');

/** The new password and its confirmation, in a <Form> whose schema withPasswordConfirmation made. */
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
