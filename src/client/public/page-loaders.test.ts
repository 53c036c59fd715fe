import { describe, expect, it } from 'vitest';
import { pageKeyFor } from './page-loaders';
import { PUBLIC_ROUTES } from './public-routes';

describe('pageKeyFor (the boot script fetches this page chunk with the app)', () => {
  it('names a page for every prerendered route, with or without a trailing slash', () => {
    for (const route of PUBLIC_ROUTES) {
      expect(pageKeyFor(route), route).toBeDefined();
      expect(pageKeyFor(`${route}/`), route).toBe(pageKeyFor(route));
    }
    expect(pageKeyFor('/')).toBe('home');
    expect(pageKeyFor('/services/ai-outbound-calling')).toBe('services');
    expect(pageKeyFor('/case-studies')).toBe('caseStudies');
  });

  it('names none for the back office and unknown paths', () => {
    for (const path of ['/admin', '/admin/login', '/servicesx', '/no-such-page', '/contact/x'])
      expect(pageKeyFor(path), path).toBeUndefined();
  });
});
