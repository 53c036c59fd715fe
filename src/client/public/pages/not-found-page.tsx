import { NotFoundMessage } from '../../components/not-found-message';

/** Deliberately outside the public layout: it also answers unknown /admin paths. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <NotFoundMessage back="Go to the home page" />
      </div>
    </main>
  );
}
