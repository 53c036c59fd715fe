import { useCallback, useMemo } from 'react';
import { useCurrentUser } from '../use-current-user';
import { useLocation, useSearch } from 'wouter';
import {
  CONTACT_STATUSES,
  ZContactStatus,
  type TContactStatus,
} from '../../../shared/contacts.schema';
import { Button } from '../../components/ui/button';
import { describeOrigin, originFilterOf, type TOriginFilter } from './origin-filter';
import { CountBadges, countItems } from '../components/count-badges';
import { FilterSelect } from '../components/filter-select';
import { ContactDetailsDialog } from './contact-details-dialog';
import { ListPage } from '../components/list-page';
import { SearchInput } from '../components/search-input';
import { formatNumber } from '../lib/format';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { ContactsActions } from './contacts-actions';
import { ContactsList } from './contacts-list';
import { ContactsBulkBar } from './contacts-bulk-bar';
import { contactFilter, useContactPages, useContactTotals } from './use-contacts';
import { useSelection } from './use-selection';
import { useTeam } from './use-team';
import { useContactsSeen } from '../layout/nav-badges';
import { contactTone } from '../lib/status-styles';
import { useFilter } from '../lib/use-filter';
import { memberOptions, optionsOf, withAll } from '../components/filter-options';

const STATUS_OPTIONS = withAll('All Status', optionsOf(CONTACT_STATUSES));
const OPT_IN_OPTIONS = withAll('Any News Consent', [
  { value: 'true', label: 'Opted In to News' },
  { value: 'false', label: 'Not Opted In' },
]);

/**
 * `?contact=ID` (the link in a new-lead alert) opens that contact's details, wherever it is in
 * the list; closing the dialog drops the parameter.
 */
function useLinkedContact(): [number | null, () => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const id = Number(new URLSearchParams(search).get('contact'));
  const linked = Number.isInteger(id) && id > 0 ? id : null;
  return [linked, () => navigate('/contacts', { replace: true })];
}

/**
 * The origin filters and status a link from Analytics carries (origin-filter.ts), read once when
 * the list opens; clearing them shows every contact again.
 */
function useLinkedOrigin(): [TOriginFilter, TContactStatus | 'all', () => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const origin = useMemo(() => originFilterOf(search), [search]);
  const status = ZContactStatus.safeParse(new URLSearchParams(search).get('status'));
  return [origin, status.success ? status.data : 'all', () => navigate('/contacts')];
}

/** Contacts at any scale: search, filter, counts and paging all run on the server. */
export function ContactsPage() {
  const [linkedContact, closeLinkedContact] = useLinkedContact();
  useContactsSeen(useCurrentUser().data?.id);
  const [origin, linkedStatus, clearOrigin] = useLinkedOrigin();
  const [search, searchControl] = useFilter('');
  const [status, statusControl] = useFilter<TContactStatus | 'all'>(linkedStatus);
  const [owner, ownerControl] = useFilter('all');
  // Who marketing may write to (a link may carry it: ?marketingOptIn=true).
  const [optIn, optInControl] = useFilter(origin.marketingOptIn ?? 'all');
  const debouncedSearch = useDebouncedValue(search);
  const filter = contactFilter(debouncedSearch, status, owner, {
    ...origin,
    marketingOptIn: optIn === 'true' || optIn === 'false' ? optIn : undefined,
  });
  const originText = describeOrigin(origin);
  const pages = useContactPages(filter);
  const { assignable } = useTeam();
  const totals = useContactTotals();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const total = totals.data?.total ?? 0;
  const first = pages.data?.pages[0];
  const contacts = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const counts = first?.counts;
  const filtered =
    debouncedSearch.trim() !== '' ||
    status !== 'all' ||
    owner !== 'all' ||
    optIn !== 'all' ||
    originText !== null;
  const matching = first?.total ?? 0;
  // A search with more matches than the server counts: the figures are lower bounds.
  const atLeast = first?.countsExact === false;
  const selection = useSelection(
    contacts.map((c) => c.id),
    JSON.stringify(filter),
  );
  const ownerOptions = withAll('All Owners', [
    { value: 'me', label: 'Mine' },
    { value: 'unassigned', label: 'Unassigned' },
    ...memberOptions(assignable),
  ]);

  return (
    <>
      <ContactDetailsDialog contactId={linkedContact} onClose={closeLinkedContact} />
      <ListPage
        title="Contacts"
        subtitle="Manage contact form submissions and leads"
        actions={<ContactsActions total={total} filter={filter} />}
        total={{ testId: 'contacts-total', count: total, noun: 'contacts' }}
        toolbar={
          <>
            <SearchInput
              {...searchControl}
              placeholder="Search by name, email or company..."
              label="Search contacts"
            />
            <FilterSelect label="Filter by status" {...statusControl} options={STATUS_OPTIONS} />
            <FilterSelect label="Filter by owner" {...ownerControl} options={ownerOptions} />
            <FilterSelect
              label="Filter by product news consent"
              {...optInControl}
              options={OPT_IN_OPTIONS}
            />
          </>
        }
        summary={
          counts && (
            <CountBadges
              label="Contacts per status"
              items={[
                { label: 'All', count: counts.all, tone: 'indigo', atLeast },
                ...countItems(counts, CONTACT_STATUSES, contactTone, atLeast),
              ]}
            />
          )
        }
        query={pages}
        items="contacts"
        shown={contacts.length}
        // Unfiltered, the loaded pages are the whole list.
        all={filtered ? total : contacts.length}
        empty={{
          title: 'No Contacts Yet',
          hint: 'Contact form submissions will appear here once received.',
        }}
        noMatch={{ title: 'No Matching Contacts' }}
      >
        {originText && (
          <div
            className="mb-3 flex flex-wrap items-center gap-2 rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-900"
            data-testid="origin-filter"
          >
            <span>
              <span className="font-medium">From Analytics:</span> {originText}
            </span>
            <Button variant="secondary" size="sm" onClick={clearOrigin}>
              Show all contacts
            </Button>
          </div>
        )}
        {filtered && (
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {formatNumber(matching)}
            {atLeast ? '+' : ''} matching contacts
          </p>
        )}
        <label className="mb-3 flex w-fit items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4 accent-indigo-600"
            checked={selection.allLoaded}
            onChange={selection.toggleAllLoaded}
          />
          Select all shown ({formatNumber(contacts.length)})
        </label>
        {selection.any && (
          <ContactsBulkBar
            count={selection.allMatching ? matching : selection.picked.size}
            target={selection.allMatching ? { filter } : { ids: [...selection.picked] }}
            matching={matching}
            canSelectAllMatching={!selection.allMatching && matching > selection.picked.size}
            onSelectAllMatching={selection.selectAllMatching}
            onClear={selection.clear}
          />
        )}
        <ContactsList
          contacts={contacts}
          hasMore={Boolean(hasNextPage)}
          loadingMore={isFetchingNextPage}
          onLoadMore={loadMore}
          isSelected={selection.isSelected}
          onToggle={selection.toggle}
        />
      </ListPage>
    </>
  );
}
