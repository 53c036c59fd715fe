import type { StaticPagePath } from './content-ids';
import { findService } from './services.content';

/** Absolute origin for canonical and Open Graph URLs; the build may override it with SITE_URL. */
export const DEFAULT_SITE_ORIGIN = 'https://convoza.ai';

export interface PageMeta {
  title: string;
  description: string;
  /** Path relative to the origin; the prerender makes it absolute. */
  path: string;
  noindex?: boolean;
}

const STATIC_META = {
  '/': {
    title: 'Convoza | AI Voice Agents that book 1200+ appointments in 2 days',
    description:
      'AI voice, text and email agents that call your leads within minutes, qualify them and book meetings 24/7. 70x more appointments at up to 90% lower cost.',
  },
  '/services': {
    title: 'AI Sales Automation Services | Convoza',
    description:
      'AI outbound calling, inbound lead vetting, text and email follow-up, and workflow automation for sales teams. See features, benefits and how each service works.',
  },
  '/case-studies': {
    title: 'Success Stories: 70x more appointments | Convoza',
    description:
      'How 500+ companies use Convoza AI agents: 200% average lead increase, 90% client retention, course completion from 45% to 80% and 60% faster response.',
  },
  '/about': {
    title: 'About Convoza | AI voice agents since 2019',
    description:
      'Our mission, values and team. 500+ companies served, 10M+ AI interactions, 99.9% uptime guarantee and 24/7 support.',
  },
  '/careers': {
    title: 'Careers at Convoza | Join 50+ team members',
    description:
      'Open roles at Convoza: Senior AI Engineer, Product Manager - AI Solutions, Sales Development Representative and Customer Success Manager.',
  },
  '/contact': {
    title: 'Book Your Strategy Call | Convoza',
    description:
      'Book a 30-minute strategy call with Convoza: a custom solution walkthrough, ROI projection and an implementation roadmap for AI sales agents.',
  },
  '/privacy': {
    title: 'Privacy notice | Convoza',
    description:
      'What Convoza does with the details you send through its contact form, how long it keeps them, and how to get a copy or have them erased.',
  },
} satisfies Record<StaticPagePath, Omit<PageMeta, 'path'>>;

export const NOT_FOUND_META: PageMeta = {
  title: '404 Page Not Found | Convoza',
  description: 'The page you are looking for does not exist.',
  path: '/404',
  noindex: true,
};

/** The lead's booking pages (rendered in the browser into one shell, dist/client/booking.html). */
export const BOOKING_META: PageMeta = {
  title: 'Book your strategy call | Convoza',
  description:
    'Pick a time for your 30-minute Convoza strategy call: a walkthrough of a live AI agent on your use case, with the meetings and savings you can expect.',
  path: '/contact',
};

const isStaticPage = (path: string): path is StaticPagePath => Object.hasOwn(STATIC_META, path);

/** The title, description and canonical path of a public route. */
export function pageMeta(path: string): PageMeta {
  if (isStaticPage(path)) return { ...STATIC_META[path], path };
  if (path.startsWith('/book/') || path.startsWith('/booking/')) return BOOKING_META;
  const service = path.startsWith('/services/')
    ? findService(path.slice('/services/'.length))
    : undefined;
  if (service) {
    return {
      title: `${service.title}: ${service.metric.value} ${service.metric.label} | Convoza`,
      description: service.description,
      path,
    };
  }
  return NOT_FOUND_META;
}
