/**
 * The dynamic import of each public page's chunk, in one place: React.lazy (lazy-pages.ts), the
 * boot script (which starts the landing page's chunk together with the app) and the idle
 * prefetch all ask for the same module, so the browser fetches and evaluates it once.
 */
export const PAGE_LOADERS = {
  home: () => import('./pages/home-page'),
  services: () => import('./pages/services-page'),
  caseStudies: () => import('./pages/case-studies-page'),
  about: () => import('./pages/about-page'),
  careers: () => import('./pages/careers-page'),
  contact: () => import('./pages/contact-page'),
  privacy: () => import('./pages/privacy-page'),
} as const;

export type PageKey = keyof typeof PAGE_LOADERS;

/** The page a path renders (the router's rules, in short), or none for admin and unknown paths. */
export function pageKeyFor(path: string): PageKey | undefined {
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === '/') return 'home';
  if (clean === '/services' || clean.startsWith('/services/')) return 'services';
  if (clean === '/case-studies') return 'caseStudies';
  if (clean === '/about') return 'about';
  if (clean === '/careers') return 'careers';
  if (clean === '/contact') return 'contact';
  if (clean === '/privacy') return 'privacy';
  return undefined;
}
