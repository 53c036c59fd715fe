import { lazy, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { DeferredToaster } from './public/components/deferred-toaster';
import {
  LazyAboutPage as AboutPage,
  LazyCareersPage as CareersPage,
  LazyCaseStudiesPage as CaseStudiesPage,
  LazyContactPage as ContactPage,
  LazyHomePage as HomePage,
  LazyPrivacyPage as PrivacyPage,
  LazyServicesPage as ServicesPage,
} from './public/lazy-pages';
import { NotFoundPage } from './public/pages/not-found-page';
import { prefetchPagesWhenIdle } from './public/prefetch-pages';

// The booking pages are reached from a lead's link only: their own chunks, never prefetched.
const BookPage = lazy(() =>
  import('./public/booking/book-page').then((m) => ({ default: m.BookPage })),
);
const ManageBookingPage = lazy(() =>
  import('./public/booking/manage-booking-page').then((m) => ({ default: m.ManageBookingPage })),
);

// The back office is its own chunk: public pages never download it.
const AdminApp = lazy(() => import('./admin/admin-app').then((m) => ({ default: m.AdminApp })));

/** On a public page, the other public pages' chunks load when the browser is idle. */
function PrefetchPublicPages() {
  const [location] = useLocation();
  const onPublicPage = !location.startsWith('/admin');
  useEffect(() => (onPublicPage ? prefetchPagesWhenIdle() : undefined), [onPublicPage]);
  return null;
}

export function App() {
  return (
    <>
      <PrefetchPublicPages />
      {/* Public pages are lazy chunks (see lazy-pages.ts); prerendered HTML stays until they load. */}
      <Suspense fallback={null}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/services/ai-inbound-vetting">
            <Redirect to="/services/ai-inbound-lead-vetting" replace />
          </Route>
          <Route path="/services/:serviceId?">
            {(params) => <ServicesPage serviceId={params.serviceId} />}
          </Route>
          <Route path="/case-studies" component={CaseStudiesPage} />
          <Route path="/about" component={AboutPage} />
          <Route path="/careers" component={CareersPage} />
          <Route path="/contact" component={ContactPage} />
          <Route path="/privacy" component={PrivacyPage} />
          <Route path="/book/:token">{(params) => <BookPage token={params.token} />}</Route>
          <Route path="/booking/:manageToken">
            {(params) => <ManageBookingPage manageToken={params.manageToken} />}
          </Route>
          <Route path="/admin" nest>
            <Suspense fallback={<div className="p-8 text-slate-600">Loading...</div>}>
              <AdminApp />
            </Suspense>
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
      <DeferredToaster />
    </>
  );
}
