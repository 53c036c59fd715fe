import { Link } from 'wouter';

/** Unknown path under /admin, inside the shell. */
export function AdminNotFound() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-2 text-sm text-slate-600">Did you forget to add the page to the router?</p>
      <Link
        href="/"
        className="mt-4 inline-block text-sm font-semibold text-primary hover:underline"
      >
        Go to the dashboard
      </Link>
    </div>
  );
}
