import { ArrowLeft, Lock } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { ZLogin } from '../../../shared/auth.schema';
import { Button } from '../../components/ui/button';
import { trpc } from '../../lib/trpc';
import { toast } from '../../lib/use-toast';
import { Form, formFields } from '../components/form';
import { showServerFieldErrors, useSchemaForm } from '../lib/schema-form';
import { SecondFactorForm } from './second-factor-form';

/** The product (docs/PRODUCT.md): after a successful login a toast shows, then a full redirect after 1 s. */
export const LOGIN_REDIRECT_DELAY_MS = 1000;

const { FormField } = formFields<{ username: string; password: string }>('login');

function welcome() {
  toast({ title: 'Login Successful', description: 'Welcome to the admin panel' });
  setTimeout(() => window.location.assign('/admin'), LOGIN_REDIRECT_DELAY_MS);
}

export function LoginPage() {
  const [secondStep, setSecondStep] = useState(false);
  const form = useSchemaForm(ZLogin, { username: '', password: '' });
  const login = trpc.auth.login.useMutation({
    onSuccess: (result) => (result.twoFactorRequired ? setSecondStep(true) : welcome()),
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
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <div className="mb-6 text-center">
            <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary">
              <Lock className="size-6" aria-hidden />
            </div>
            <h1 className="text-2xl font-bold tracking-tight">Admin Login</h1>
            <p className="mt-1 text-sm text-slate-600">
              {secondStep ? 'Two-factor authentication' : 'Sign in to access the admin panel'}
            </p>
          </div>
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
            </Form>
          )}
        </div>
        <Link
          href="~/"
          className="mt-6 inline-flex items-center gap-2 text-sm font-medium text-slate-700 hover:text-primary"
        >
          <ArrowLeft className="size-4" aria-hidden /> Back to Website
        </Link>
      </div>
    </main>
  );
}
