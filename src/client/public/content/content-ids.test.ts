import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '../public-routes';
import { CASE_STUDY_DETAILS } from './case-study-details.content';
import { SERVICE_IDS, servicePath, type ServiceId } from './content-ids';
import { HOME_CASE_STUDIES, SUCCESS_STORIES } from './case-studies.content';
import { NOT_FOUND_META, pageMeta } from './seo.content';
import { SERVICES } from './services.content';
import { FOOTER_SERVICE_LINKS } from './site.content';

describe('content ids', () => {
  it('give every service its content, route, footer link and page title, in one order', () => {
    expect(SERVICES.map((s) => s.id)).toEqual(SERVICE_IDS);
    const paths = SERVICE_IDS.map(servicePath);
    expect(FOOTER_SERVICE_LINKS.map((l) => l.href)).toEqual(paths);
    expect(PUBLIC_ROUTES.filter((r) => r.startsWith('/services/'))).toEqual(paths);
    for (const path of paths) expect(pageMeta(path)).not.toEqual(NOT_FOUND_META);
  });

  it('list each public page once', () => {
    expect(new Set(PUBLIC_ROUTES).size).toBe(PUBLIC_ROUTES.length);
    expect(PUBLIC_ROUTES).toHaveLength(7 + SERVICE_IDS.length);
  });

  it('key case-study write-ups by studies that exist', () => {
    const studies = new Set([...HOME_CASE_STUDIES, ...SUCCESS_STORIES].map((s) => s.id));
    for (const id of Object.keys(CASE_STUDY_DETAILS)) expect(studies).toContain(id);
  });

  it('turn a misspelt id into a type error (checked by npm run typecheck)', () => {
    // @ts-expect-error 'ai-outbound-caling' is not a ServiceId; if it ever type-checks, tsc fails here.
    const misspelt: ServiceId = 'ai-outbound-caling';
    expect(SERVICE_IDS).not.toContain(misspelt);
  });
});
