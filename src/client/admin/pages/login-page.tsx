import { useState } from 'react';
import { Link } from 'wouter';
import { ZLogin } from '../../../shared/auth.schema';
import { Button } from '../../components/ui/button';
import { trpc } from '../../lib/trpc';
import { toast } from '../../lib/use-toast';
import { Form, formFields } from '../components/form';
import { showServerFieldErrors, useSchemaForm } from '../lib/schema-form';
import { SecondFactorForm } from './second-factor-form';
import { AuthCard } from './auth-card';

/** The product (docs/PRODUCT.md): after a successful login a toast shows, then a full redirect after 1 s. */
export const LOGIN_REDIRECT_DELAY_MS = 1000;

const { FormField } = formFields<{ username: string; password: string }>('login');

function welcome() {
  toast({ title: 'Login Successful', description: 'Welcome to the admin panel' });
  setTimeout(() => window.location.assign('/admin'), LOGIN_REDIRECT_DELAY_MS);
}

/** What a signed-in account without the admin role is told (it cannot use the back office). */
export const NO_ACCESS = 'This account has no access to the back office';

export function LoginPage() {
  const [secondStep, setSecondStep] = useState(false);
  const form = useSchemaForm(ZLogin, { username: '', password: '' });
  // Signed in, but not an admin (here from the guard, or just now): say so, not a bare form.
  const [refused, setRefused] = useState(false);
  const noAccess = refused || new URLSearchParams(window.location.search).get('access') === 'none';
  const login = trpc.auth.login.useMutation({
    onSuccess: (result) => {
      if (result.twoFactorRequired) setSecondStep(true);
      else if (result.user && result.user.role !== 'admin') setRefused(true);
      else welcome();
    },
    onError: (error) => {
      showServerFieldErrors(form, error);
      toast({
        title: 'Login Failed',
        description: error.message || 'Invalid credentials',
        variant: 'destructive',
      });
    },
  });

  const pending = login.isPending || (login.isSuccess && !secondStep);
  return (
    <AuthCard
      title="Admin Login"
      subtitle={secondStep ? 'Two-factor authentication' : 'Sign in to access the admin panel'}
      back={{ href: '~/', label: 'Back to Website' }}
    >
      {noAccess && (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {NO_ACCESS}. Ask an administrator for access, or sign in with another account.
        </p>
      )}
      {secondStep ? (
        <SecondFactorForm onSignedIn={welcome} />
      ) : (
        <Form form={form} className="space-y-4" onSubmit={(data) => login.mutate(data)}>
          <FormField
            name="username"
            id="username"
            label="Username"
            autoComplete="username"
            placeholder="Enter your username"
          />
          <FormField
            name="password"
            id="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            placeholder="Enter your password"
          />
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? 'Signing in...' : 'Sign In'}
          </Button>
          <p className="text-center text-sm">
            <Link href="/forgot-password" className="text-primary underline underline-offset-2">
              Forgot password?
            </Link>
          </p>
        </Form>
      )}
    </AuthCard>
  );
}
