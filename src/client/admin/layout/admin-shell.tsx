import { Menu, X } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { useEscape } from '../../lib/use-escape';
import { useLocation } from 'wouter';
import { cn } from '../../lib/cn';
import { AdminSidebar } from './admin-sidebar';
import { GlobalSearch, SearchTrigger, useSearchShortcut } from './global-search';

/** Sidebar layout; below lg the sidebar is a drawer behind a menu button. */
export function AdminShell({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  // The drawer remembers where it was opened; any navigation (links, back button) closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === location;
  const setOpen = (next: boolean) => setOpenedAt(next ? location : null);
  useEscape(open, () => setOpenedAt(null));
  const [searching, setSearching] = useState(false);
  const openSearch = useCallback(() => setSearching(true), []);
  useSearchShortcut(openSearch);

  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#admin-main"
        className="sr-only z-[60] rounded-md bg-white px-4 py-2 text-sm font-semibold text-primary focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-50 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4 lg:hidden">
        <button
          type="button"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          aria-controls="admin-sidebar"
          onClick={() => setOpen(!open)}
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
        >
          {open ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
        </button>
        <span className="text-sm font-semibold text-slate-900">Convoza Admin</span>
        <SearchTrigger
          onOpen={openSearch}
          className="ml-auto flex items-center gap-2 rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-50"
        />
      </header>
      <GlobalSearch open={searching} onClose={() => setSearching(false)} />
      {open && (
        <div
          className="fixed inset-0 z-40 bg-ink/50 lg:hidden"
          onClick={() => setOpen(false)}
          aria-hidden
        />
      )}
      <aside
        id="admin-sidebar"
        className={cn(
          'fixed inset-y-0 left-0 z-50 w-64 max-lg:top-14 transition-transform duration-200 lg:translate-x-0',
          open ? 'translate-x-0' : '-translate-x-full max-lg:invisible',
        )}
      >
        <AdminSidebar
          onNavigate={() => setOpen(false)}
          search={
            <SearchTrigger
              onOpen={() => {
                setOpen(false);
                openSearch();
              }}
              className="flex w-full items-center gap-2 rounded-lg bg-white/10 px-3 py-2 text-sm text-slate-200 hover:bg-white/15"
            />
          }
        />
      </aside>
      <div className="lg:pl-64">
        <main
          id="admin-main"
          tabIndex={-1}
          className="mx-auto max-w-7xl px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
