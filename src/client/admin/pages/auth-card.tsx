import { ArrowLeft, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** The centred card the signed-out pages share (login, forgot and reset password). */
export function AuthCard({
  title,
  subtitle,
  back = { href: '/login', label: 'Back to sign in' },
  children,
}: {
  title: string;
  subtitle: string;
  /** The way out under the card. */
  back?: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <div className="mb-6 text-center">
            <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-primary-50 text-primary">
              <Lock className="size-6" aria-hidden />
            </div>
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
            <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
          </div>
          {children}
        </div>
        <Link
          href={back.href}
          className="mt-6 inline-flex items-center gap-2 text-sm font-medium text-slate-700 hover:text-primary"
        >
          <ArrowLeft className="size-4" aria-hidden /> {back.label}
        </Link>
      </div>
    </main>
  );
}
