import { z } from 'zod';
import { Link } from 'wouter';
import { withPasswordConfirmation, ZNewPassword } from '../../../shared/users.schema';
import { Button } from '../../components/ui/button';
import { trpc } from '../../lib/trpc';
import { Form } from '../components/form';
import { NewPasswordFields } from '../components/new-password-fields';
import { showServerFieldErrors, useSchemaForm } from '../lib/schema-form';
import { AuthCard } from './auth-card';

const ZResetForm = withPasswordConfirmation(z.object({ newPassword: ZNewPassword }));

/** The emailed link's page: a new password, set once with the link's token. */
export function ResetPasswordPage() {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const form = useSchemaForm(ZResetForm, { newPassword: '', confirmPassword: '' });
  const confirm = trpc.auth.confirmPasswordReset.useMutation({
    onError: (error) => showServerFieldErrors(form, error),
  });
  return (
    <AuthCard title="Set a New Password" subtitle="The link works once, for 30 minutes">
      {confirm.isSuccess ? (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          {confirm.data.message}{' '}
          <Link href="/login" className="font-medium underline underline-offset-2">
            Sign in
          </Link>
        </p>
      ) : (
        <Form
          form={form}
          className="space-y-4"
          onSubmit={({ newPassword }) => confirm.mutate({ token, newPassword })}
        >
          <NewPasswordFields confirmLabel="Confirm Password" />
          {confirm.isError && (
            <p role="alert" className="text-sm text-red-700">
              {confirm.error.message}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={confirm.isPending}>
            {confirm.isPending ? 'Saving...' : 'Set Password'}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
