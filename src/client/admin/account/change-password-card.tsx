import { z } from 'zod';
import { withPasswordConfirmation, ZPasswordChange } from '../../../shared/users.schema';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { trpc } from '../../lib/trpc';
import { Form, formFields } from '../components/form';
import { NewPasswordFields } from '../components/new-password-fields';
import { notifyWrite } from '../lib/notify';
import { showServerFieldErrors, useSchemaForm } from '../lib/schema-form';

const ZChangeForm = withPasswordConfirmation(ZPasswordChange);
const { FormField } = formFields<z.input<typeof ZChangeForm>>('password');

/** The signed-in user's own password: the current one, then the new one twice. */
export function ChangePasswordCard() {
  const utils = trpc.useUtils();
  const form = useSchemaForm(ZChangeForm, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const change = trpc.auth.changePassword.useMutation({
    ...notifyWrite(
      'Password changed; your other sessions are signed out',
      'Failed to change the password',
      () => utils.auth.sessions.invalidate(),
    ),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing it signs you out everywhere else.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          className="grid gap-4 sm:max-w-md"
          onSubmit={async ({ currentPassword, newPassword }) => {
            try {
              await change.mutateAsync({ currentPassword, newPassword });
              form.reset();
            } catch (error) {
              showServerFieldErrors(form, error as Parameters<typeof showServerFieldErrors>[1]);
            }
          }}
        >
          <FormField
            name="currentPassword"
            label="Current Password"
            type="password"
            autoComplete="current-password"
          />
          <NewPasswordFields confirmLabel="Confirm New Password" />
          <Button type="submit" className="w-fit" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
