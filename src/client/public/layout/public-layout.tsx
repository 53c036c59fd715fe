import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { countPageView } from '../page-views';
import { Navbar } from './navbar';
import { revealDeferredSections } from './reveal-deferred';
import { SiteFooter } from './site-footer';
import { useDocumentTitle, useScrollOnNavigate } from './use-page-navigation';

/** Navbar, one <main> landmark (target of the skip link) and the footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  useScrollOnNavigate();
  useDocumentTitle();
  // Client-side navigation renders a new page's sections too: look again on every page.
  useEffect(revealDeferredSections, [location]);
  // One page view per page shown; where the visit came from is the server's to remember.
  useEffect(countPageView, [location]);
  return (
    <div className="flex min-h-screen flex-col overflow-x-clip">
      <Navbar />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
