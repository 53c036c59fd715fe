import { Mail, Phone } from 'lucide-react';
import { Link } from 'wouter';
import {
  FOOTER_COMPANY_LINKS,
  FOOTER_SERVICE_LINKS,
  SITE,
  SOCIAL_LINKS,
  type NavLink,
} from '../content/site.content';
import { SiteLogo } from './site-logo';
import { SocialIcon } from './social-icon';

const footerLink = 'rounded-sm text-slate-300 hover:text-white';

function LinkColumn({ title, links }: { title: string; links: NavLink[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{title}</h2>
      <ul className="mt-4 space-y-3 text-sm">
        {links.map((l) => (
          <li key={l.href}>
            <Link href={l.href} className={footerLink}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <SiteLogo />
          <p className="mt-4 max-w-xs text-sm">
            AI voice, text and email agents that book meetings for sales teams, 24/7.
          </p>
          <ul className="mt-6 flex gap-3" aria-label="Social media">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.network}>
                <a
                  href={s.href}
                  aria-label={s.label}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="inline-flex size-10 items-center justify-center rounded-lg bg-white/10 text-slate-200 hover:bg-white/20 hover:text-white"
                >
                  <SocialIcon network={s.network} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <LinkColumn title="Services" links={FOOTER_SERVICE_LINKS} />
        <LinkColumn title="Company" links={FOOTER_COMPANY_LINKS} />
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <a
                href={`mailto:${SITE.email}`}
                className={`${footerLink} inline-flex items-center gap-2`}
              >
                <Mail className="size-4" aria-hidden />
                {SITE.email}
              </a>
            </li>
            <li>
              <a href={SITE.phoneHref} className={`${footerLink} inline-flex items-center gap-2`}>
                <Phone className="size-4" aria-hidden />
                {SITE.phone}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          <p>
            © {SITE.copyrightYear} {SITE.company}. All rights reserved.
          </p>
          <Link href="/privacy" className={footerLink}>
            Privacy notice
          </Link>
        </div>
      </div>
    </footer>
  );
}
