import { ZPasswordResetRequest } from '../../../shared/auth.schema';
import { Button } from '../../components/ui/button';
import { trpc } from '../../lib/trpc';
import { Form, formFields } from '../components/form';
import { showServerFieldErrors, useSchemaForm } from '../lib/schema-form';
import { AuthCard } from './auth-card';

const { FormField } = formFields<{ email: string }>('forgot');

/** "Forgot password?": an address in, the same answer out whether an account uses it or not. */
export function ForgotPasswordPage() {
  const form = useSchemaForm(ZPasswordResetRequest, { email: '' });
  const request = trpc.auth.requestPasswordReset.useMutation({
    onError: (error) => showServerFieldErrors(form, error),
  });
  return (
    <AuthCard title="Forgot Password" subtitle="We email a link to set a new one">
      {request.isSuccess ? (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          {request.data.message} The link works once, for 30 minutes.
        </p>
      ) : (
        <Form form={form} className="space-y-4" onSubmit={(data) => request.mutate(data)}>
          <FormField name="email" label="Email" type="email" autoComplete="email" />
          {request.isError && !request.error.data?.fieldErrors && (
            <p role="alert" className="text-sm text-red-700">
              {request.error.message}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Email Me a Link'}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
