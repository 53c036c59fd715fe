import { Link } from 'wouter';

/** Deliberately outside the public layout: it also answers unknown /admin paths. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        <p className="mt-4 text-sm text-slate-600">Did you forget to add the page to the router?</p>
        <Link
          href="/"
          className="mt-6 inline-block rounded-sm font-semibold text-primary hover:underline"
        >
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
