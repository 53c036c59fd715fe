import type { servicePath } from './content-ids';

/** Brand facts used across every public page (docs/PRODUCT.md › Brand). */
export const SITE = {
  company: 'Convoza',
  product: 'Convoza AI Voice Agents',
  email: 'hello@convoza.ai',
  phone: '(888) 555-0142',
  phoneHref: 'tel:+18885550142',
  copyrightYear: 2024,
} as const;

export interface NavLink {
  href: string;
  label: string;
}

export const NAV_LINKS: NavLink[] = [
  { href: '/', label: 'Home' },
  { href: '/services', label: 'Services' },
  { href: '/case-studies', label: 'Case Studies' },
  { href: '/about', label: 'About' },
];

/** The footer's shorter names of the services; hrefs are typed, so a wrong slug fails tsc. */
export const FOOTER_SERVICE_LINKS = [
  { href: '/services/ai-outbound-calling', label: 'AI Outbound Calling' },
  { href: '/services/ai-inbound-lead-vetting', label: 'AI Inbound Lead Vetting' },
  { href: '/services/ai-text-email', label: 'AI Text & Email' },
  { href: '/services/workflow-automation', label: 'Workflow Automation' },
] satisfies (NavLink & { href: ReturnType<typeof servicePath> })[];

export const FOOTER_COMPANY_LINKS: NavLink[] = [
  { href: '/about', label: 'About Us' },
  { href: '/case-studies', label: 'Case Studies' },
  { href: '/careers', label: 'Careers' },
  { href: '/contact', label: 'Contact' },
];

export type SocialNetwork = 'linkedin' | 'x' | 'youtube';

export const SOCIAL_LINKS: { network: SocialNetwork; label: string; href: string }[] = [
  {
    network: 'linkedin',
    label: 'Convoza on LinkedIn',
    href: 'https://www.linkedin.com/company/convoza',
  },
  { network: 'x', label: 'Convoza on X', href: 'https://x.com/convoza' },
  { network: 'youtube', label: 'Convoza on YouTube', href: 'https://www.youtube.com/@convoza' },
];
