// The ids the public site's content, links and routes share. Content is keyed by these types, so
// a misspelt or forgotten id fails the type check instead of becoming a dead link.

/** The services, in the order the site lists them; each has its page at /services/<id>. */
export const SERVICE_IDS = [
  'ai-outbound-calling',
  'ai-inbound-lead-vetting',
  'ai-text-email',
  'workflow-automation',
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

export const servicePath = (id: ServiceId) => `/services/${id}` as const;

/** Every case study: the home cards and the success stories (some have a full write-up). */
export type CaseStudyId =
  | 'brightpath-dental'
  | 'stackwise'
  | 'shieldline'
  | 'harbor-lane-law'
  | 'keystone-realty'
  | 'meridian-freight'
  | 'learnloop'
  | 'vigilant-alarm'
  | 'summit-homes';

/** The public pages with a fixed path, in site order (the service pages come from SERVICE_IDS). */
export const STATIC_PAGE_PATHS = [
  '/',
  '/services',
  '/case-studies',
  '/about',
  '/careers',
  '/contact',
  '/privacy',
] as const;
export type StaticPagePath = (typeof STATIC_PAGE_PATHS)[number];
