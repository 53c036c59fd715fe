import { SERVICE_IDS, servicePath, STATIC_PAGE_PATHS } from './content/content-ids';

/**
 * The public routes that are prerendered at build time, in site order. Its own module so the
 * browser bundle (which never needs the list) does not carry it.
 */
export const PUBLIC_ROUTES: readonly string[] = STATIC_PAGE_PATHS.flatMap((path) =>
  path === '/services' ? [path, ...SERVICE_IDS.map(servicePath)] : [path],
);
