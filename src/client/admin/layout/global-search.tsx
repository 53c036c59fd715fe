import { Search } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import {
  SEARCH_KINDS,
  SEARCH_LIMITS,
  type TSearchHit,
  type TSearchKind,
} from '../../../shared/search.schema';
import { Input } from '../../components/ui/input';
import { trpc } from '../../lib/trpc';
import { TitledDialog } from '../components/titled-dialog';
import { useDebouncedValue } from '../lib/use-debounced-value';

const KIND_LABELS: Record<TSearchKind, string> = {
  contacts: 'Contacts',
  users: 'Users',
  campaigns: 'Campaigns',
  inquiries: 'Service Inquiries',
};

/** Where a hit opens (the contact's details; the other screens list their records). */
const HREF: Record<TSearchKind, (id: number) => string> = {
  contacts: (id) => `/contacts?contact=${id}`,
  users: () => '/users',
  campaigns: () => '/campaigns',
  inquiries: () => '/service-inquiries',
};

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Ctrl+K (⌘K on a Mac) opens the search from anywhere in the back office. */
export function useSearchShortcut(open: () => void) {
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey) && !e.altKey) {
        e.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}

/** The button that opens the search, with its shortcut shown. */
export function SearchTrigger({ onOpen, className }: { onOpen: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className={className}
      aria-keyshortcuts="Control+K Meta+K"
    >
      <Search className="size-4" aria-hidden />
      <span className="flex-1 text-left">Search...</span>
      <kbd className="rounded border border-current/30 px-1.5 text-xs">
        {isMac() ? '⌘K' : 'Ctrl K'}
      </kbd>
    </button>
  );
}

/**
 * Find anything: contacts, users, campaigns and service inquiries as you type (from two
 * characters); Enter opens the first hit.
 */
export function GlobalSearch({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [term, setTerm] = useState('');
  const q = useDebouncedValue(term.trim(), 200);
  const [, navigate] = useLocation();
  const ready = q.length >= SEARCH_LIMITS.min;
  const results = trpc.admin.search.everything.useQuery(
    { q: q.slice(0, SEARCH_LIMITS.max) },
    { enabled: open && ready, placeholderData: (previous) => previous },
  );
  const hits: [TSearchKind, TSearchHit][] = results.data
    ? SEARCH_KINDS.flatMap((kind) =>
        results.data[kind].map((hit) => [kind, hit] as [TSearchKind, TSearchHit]),
      )
    : [];

  const go = (kind: TSearchKind, hit: TSearchHit) => {
    onClose();
    setTerm('');
    navigate(HREF[kind](hit.id));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && hits[0]) {
      e.preventDefault();
      go(...hits[0]);
    }
  };

  return (
    <TitledDialog
      open={open}
      onClose={onClose}
      title="Search"
      description="Contacts, users, campaigns and service inquiries. Enter opens the first."
      className="sm:max-w-xl"
    >
      <label htmlFor="global-search" className="sr-only">
        Search the back office
      </label>
      <Input
        id="global-search"
        type="search"
        autoComplete="off"
        placeholder="A name, an email, a company..."
        value={term}
        maxLength={SEARCH_LIMITS.max}
        onChange={(e) => setTerm(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div aria-live="polite" className="min-h-6">
        {!ready ? (
          <p className="text-sm text-slate-600">Type at least two characters.</p>
        ) : results.isError ? (
          <p role="alert" className="text-sm text-red-700">
            The search failed: {results.error.message}
          </p>
        ) : results.data && hits.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing found for “{q}”.</p>
        ) : (
          SEARCH_KINDS.filter((kind) => results.data?.[kind].length).map((kind) => (
            <section key={kind} aria-label={KIND_LABELS[kind]} className="mt-3">
              <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
                {KIND_LABELS[kind]}
              </h3>
              <ul>
                {results.data![kind].map((hit) => (
                  <li key={hit.id}>
                    <button
                      type="button"
                      onClick={() => go(kind, hit)}
                      className="w-full rounded-md px-2 py-1.5 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary"
                    >
                      <span className="block truncate text-sm font-medium text-slate-900">
                        {hit.title}
                      </span>
                      <span className="block truncate text-xs text-slate-600">{hit.subtitle}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </TitledDialog>
  );
}
