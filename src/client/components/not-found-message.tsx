import { Link } from 'wouter';

/** The product's 404 words and a way back, for the public site's page and the back office's. */
export function NotFoundMessage({ back }: { back: string }) {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-3 text-sm text-slate-600">Did you forget to add the page to the router?</p>
      <Link
        href="/"
        className="mt-5 inline-block rounded-sm text-sm font-semibold text-primary hover:underline"
      >
        {back}
      </Link>
    </>
  );
}
