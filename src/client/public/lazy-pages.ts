import { lazy } from 'react';
import { PAGE_LOADERS } from './page-loaders';

/**
 * Public pages as separate chunks, so a visitor downloads one page's code and content, not the
 * whole site. Prerendering waits for them; on the client React keeps the server HTML of a
 * pending page in place and hydrates it when its chunk arrives, so nothing flashes.
 */
export const LazyHomePage = lazy(() => PAGE_LOADERS.home().then((m) => ({ default: m.HomePage })));
export const LazyServicesPage = lazy(() =>
  PAGE_LOADERS.services().then((m) => ({ default: m.ServicesPage })),
);
export const LazyCaseStudiesPage = lazy(() =>
  PAGE_LOADERS.caseStudies().then((m) => ({ default: m.CaseStudiesPage })),
);
export const LazyAboutPage = lazy(() =>
  PAGE_LOADERS.about().then((m) => ({ default: m.AboutPage })),
);
export const LazyCareersPage = lazy(() =>
  PAGE_LOADERS.careers().then((m) => ({ default: m.CareersPage })),
);
export const LazyContactPage = lazy(() =>
  PAGE_LOADERS.contact().then((m) => ({ default: m.ContactPage })),
);
export const LazyPrivacyPage = lazy(() =>
  PAGE_LOADERS.privacy().then((m) => ({ default: m.PrivacyPage })),
);
