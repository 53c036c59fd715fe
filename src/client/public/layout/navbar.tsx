import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { useEscape } from '../../lib/use-escape';
import { Link, useLocation } from 'wouter';
import { ctaClass } from '../components/cta-styles';
import { clsx } from 'clsx';
import { NAV_LINKS } from '../content/site.content';
import { SiteLogo } from './site-logo';

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white';

export function Navbar() {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const close = () => setOpen(false);

  // Escape closes the mobile menu, as it would a disclosure in a native app.
  useEscape(open, close);

  const links = (extra: string) =>
    NAV_LINKS.map((l) => (
      <Link
        key={l.href}
        href={l.href}
        onClick={close}
        aria-current={location === l.href ? 'page' : undefined}
        className={clsx(
          linkClass,
          extra,
          location === l.href &&
            'text-white underline decoration-accent decoration-2 underline-offset-8',
        )}
      >
        {l.label}
      </Link>
    ));

  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-ink/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-semibold text-ink focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50"
      >
        Skip to content
      </a>
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8"
      >
        <SiteLogo onNavigate={close} />
        <div className="hidden items-center gap-1 md:flex">{links('')}</div>
        <div className="hidden md:block">
          <Link className={ctaClass('primary', 'md')} href="/contact">
            Book Strategy Call
          </Link>
        </div>
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-md text-white hover:bg-white/10 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
        </button>
      </nav>
      {open && (
        <div id="mobile-menu" className="border-t border-white/10 px-4 pb-4 pt-2 md:hidden">
          <div className="flex flex-col gap-1">{links('text-base')}</div>
          <Link
            className={ctaClass('primary', 'md', 'mt-3 w-full')}
            href="/contact"
            onClick={close}
          >
            Book Strategy Call
          </Link>
        </div>
      )}
    </header>
  );
}
