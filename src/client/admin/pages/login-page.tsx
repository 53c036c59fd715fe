import { ArrowLeft, Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ZLogin } from '../../../shared/auth.schema';
import { Button } from '../../components/ui/button';
import { FieldError, Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { trpc } from '../../lib/trpc';
import { toast } from '../../lib/use-toast';

/** Spec section 4: after a successful login a toast shows, then a full redirect after 1 s. */
export const LOGIN_REDIRECT_DELAY_MS = 1000;

type Errors = Partial<Record<'username' | 'password', string>>;

export function LoginPage() {
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const login = trpc.auth.login.useMutation({
    onSuccess: () => {
      toast({ title: 'Login Successful', description: 'Welcome to the admin panel' });
      setTimeout(() => window.location.assign('/admin'), LOGIN_REDIRECT_DELAY_MS);
    },
    onError: (error) => {
      toast({
        title: 'Login Failed',
        description: error.message || 'Invalid credentials',
        variant: 'destructive',
      });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZLogin.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    login.mutate(parsed.data);
  }

  const pending = login.isPending || login.isSuccess;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <div className="mb-6 text-center">
            <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary">
              <Lock className="size-6" aria-hidden />
            </div>
            <h1 className="text-2xl font-bold tracking-tight">Admin Login</h1>
            <p className="mt-1 text-sm text-slate-600">Sign in to access the admin panel</p>
          </div>
          <form onSubmit={submit} noValidate className="space-y-4">
            <div>
              <Label htmlFor="username">Username</Label>
              <Input
                id="username"
                name="username"
                autoComplete="username"
                placeholder="Enter your username"
                value={values.username}
                aria-invalid={errors.username ? true : undefined}
                aria-describedby={errors.username ? 'username-error' : undefined}
                onChange={(e) => setValues({ ...values, username: e.target.value })}
              />
              <FieldError id="username-error" message={errors.username} />
            </div>
            <div>
              <Label htmlFor="password">Password</Label>
              <Input
                id="password"
                name="password"
                type="password"
                autoComplete="current-password"
                placeholder="Enter your password"
                value={values.password}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? 'password-error' : undefined}
                onChange={(e) => setValues({ ...values, password: e.target.value })}
              />
              <FieldError id="password-error" message={errors.password} />
            </div>
            <Button type="submit" className="w-full" disabled={pending}>
              {pending ? 'Signing in...' : 'Sign In'}
            </Button>
          </form>
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
