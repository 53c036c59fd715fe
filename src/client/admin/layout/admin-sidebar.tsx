import { ArrowLeft, CalendarDays, LogOut, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { cn } from '../../lib/cn';
import { displayName } from '../lib/format';
import { UserInitial } from '../components/user-initial';
import { displayTimeZone } from '../lib/display-zone';
import { useCurrentUser } from '../use-current-user';
import { NAV_GROUPS, isActive, type NavItem } from './nav-items';
import { NavBadge } from './nav-badges';
import { useSignOut } from './use-sign-out';

/** The signed-in user's own pages, under their name. */
const USER_LINKS: readonly NavItem[] = [
  { href: '/account', label: 'Account Security', icon: ShieldCheck },
  { href: '/calendar', label: 'My Calendar', icon: CalendarDays },
];

/** Navigation, the signed-in user and the exits. `onNavigate` closes the drawer on phones. */
export function AdminSidebar({
  onNavigate,
  search,
}: {
  onNavigate?: () => void;
  /** The search button, under the name (desktop; phones have it in the top bar). */
  search?: ReactNode;
}) {
  const [location] = useLocation();
  const me = useCurrentUser().data;
  const { signOut, pending } = useSignOut();
  return (
    <div className="flex h-full flex-col bg-ink text-slate-200">
      <div className="flex h-16 items-center gap-2 px-5">
        <span
          className="flex size-8 items-center justify-center rounded-lg bg-primary text-sm font-bold text-white"
          aria-hidden
        >
          C
        </span>
        <span className="text-base font-semibold text-white">Convoza Admin</span>
      </div>
      {search && <div className="px-3 pb-2 max-lg:hidden">{search}</div>}
      <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3 py-2">
        {NAV_GROUPS.map((group) => (
          <div key={group.label} className="mb-4">
            {/* A label, not a heading: the page's own h1 comes first in the heading order. */}
            <p
              id={`nav-${group.label}`}
              className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-400"
            >
              {group.label}
            </p>
            <ul className="space-y-1" aria-labelledby={`nav-${group.label}`}>
              {group.items.map(({ href, label, icon: Icon }) => {
                const active = isActive(href, location);
                return (
                  <li key={href}>
                    <Link
                      href={href}
                      onClick={onNavigate}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                        active
                          ? 'bg-white/10 text-white'
                          : 'text-slate-300 hover:bg-white/5 hover:text-white',
                      )}
                    >
                      <Icon className="size-4" aria-hidden />
                      {label}
                      {me?.role === 'admin' && <NavBadge href={href} userId={me.id} />}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      <div className="border-t border-white/10 p-4">
        {me && (
          <div className="mb-3 flex items-center gap-3" data-testid="signed-in-user">
            <UserInitial user={me} className="size-9 bg-primary text-sm text-white" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-white">{displayName(me)}</p>
              <p className="text-xs capitalize text-slate-400">{me.role}</p>
              <p className="text-xs text-slate-400" data-testid="display-zone">
                Times in {displayTimeZone().replaceAll('_', ' ')}
              </p>
            </div>
          </div>
        )}
        {USER_LINKS.map(({ href, label, icon: Icon }) => (
          <Link
            key={href}
            href={href}
            onClick={onNavigate}
            aria-current={location === href ? 'page' : undefined}
            className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 hover:bg-white/5 hover:text-white"
          >
            <Icon className="size-4" aria-hidden />
            {label}
          </Link>
        ))}
        <button
          type="button"
          onClick={signOut}
          disabled={pending}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 hover:bg-white/5 hover:text-white disabled:opacity-60"
        >
          <LogOut className="size-4" aria-hidden />
          Sign Out
        </button>
        <Link
          href="~/"
          className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 hover:bg-white/5 hover:text-white"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Back to Website
        </Link>
      </div>
    </div>
  );
}
