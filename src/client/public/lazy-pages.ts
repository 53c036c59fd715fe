import { lazy } from 'react';

/**
 * Public pages as separate chunks, so a visitor downloads one page's code and content, not the
 * whole site. Prerendering waits for them; on the client React keeps the server HTML of a
 * pending page in place and hydrates it when its chunk arrives, so nothing flashes.
 */
export const LazyHomePage = lazy(() =>
  import('./pages/home-page').then((m) => ({ default: m.HomePage })),
);
export const LazyServicesPage = lazy(() =>
  import('./pages/services-page').then((m) => ({ default: m.ServicesPage })),
);
export const LazyCaseStudiesPage = lazy(() =>
  import('./pages/case-studies-page').then((m) => ({ default: m.CaseStudiesPage })),
);
export const LazyAboutPage = lazy(() =>
  import('./pages/about-page').then((m) => ({ default: m.AboutPage })),
);
export const LazyCareersPage = lazy(() =>
  import('./pages/careers-page').then((m) => ({ default: m.CareersPage })),
);
export const LazyContactPage = lazy(() =>
  import('./pages/contact-page').then((m) => ({ default: m.ContactPage })),
);

/** The chunk (file-name prefix in dist/client/assets) holding each prerendered route's page. */
export function pageChunkName(route: string): string {
  if (route === '/') return 'home-page';
  if (route.startsWith('/services')) return 'services-page';
  return `${route.slice(1)}-page`;
}
