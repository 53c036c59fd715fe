import { useCallback, useState } from 'react';
import type { TContactStatus } from '../../../shared/contacts.schema';
import { CountBadges } from '../components/count-badges';
import { FilterSelect } from '../components/filter-select';
import { PageHeader } from '../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../components/page-states';
import { SearchInput } from '../components/search-input';
import { formatNumber } from '../lib/format';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { ContactsActions } from './contacts-actions';
import { ContactsList } from './contacts-list';
import { useContactPages, useContactTotals } from './use-contacts';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All Status' },
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'qualified', label: 'Qualified' },
  { value: 'converted', label: 'Converted' },
] as const;

/** Contacts at any scale: search, filter, counts and paging all run on the server. */
export function ContactsPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TContactStatus | 'all'>('all');
  const debouncedSearch = useDebouncedValue(search);
  const pages = useContactPages(debouncedSearch, status);
  const totals = useContactTotals();
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const total = totals.data?.total ?? 0;
  const first = pages.data?.pages[0];
  const contacts = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const counts = first?.counts;
  const filtered = debouncedSearch.trim() !== '' || status !== 'all';

  return (
    <div>
      <PageHeader
        title="Contacts"
        subtitle="Manage contact form submissions and leads"
        actions={<ContactsActions total={total} />}
      />
      <p className="mb-4 text-sm text-slate-600" data-testid="contacts-total">
        Total:{' '}
        <span className="font-semibold tabular-nums text-slate-900">{formatNumber(total)}</span>{' '}
        contacts
      </p>
      <div className="mb-3 flex flex-col gap-3 sm:flex-row">
        <SearchInput
          value={search}
          onChange={setSearch}
          placeholder="Search by name, email or company..."
          label="Search contacts"
        />
        <FilterSelect
          label="Filter by status"
          value={status}
          onChange={(v) => setStatus(v as TContactStatus | 'all')}
          options={STATUS_OPTIONS}
        />
      </div>
      {counts && (
        <div className="mb-5">
          <CountBadges
            label="Contacts per status"
            items={[
              { label: 'All', count: counts.all, tone: 'indigo' },
              { label: 'New', count: counts.new, tone: 'blue' },
              { label: 'Contacted', count: counts.contacted, tone: 'yellow' },
              { label: 'Qualified', count: counts.qualified, tone: 'green' },
              { label: 'Converted', count: counts.converted, tone: 'purple' },
            ]}
          />
        </div>
      )}
      {pages.isPending ? (
        <LoadingState text="Loading contacts..." />
      ) : pages.isError ? (
        <ErrorState title="Contacts could not be loaded" message={pages.error.message} />
      ) : contacts.length === 0 ? (
        filtered && total > 0 ? (
          <EmptyState
            filtered
            title="No Matching Contacts"
            hint="Try adjusting your search or filter criteria"
          />
        ) : (
          <EmptyState
            title="No Contacts Yet"
            hint="Contact form submissions will appear here once received."
          />
        )
      ) : (
        <>
          {filtered && (
            <p className="mb-3 text-sm text-slate-600" aria-live="polite">
              {formatNumber(first?.total ?? 0)} matching contacts
            </p>
          )}
          <ContactsList
            contacts={contacts}
            hasMore={Boolean(hasNextPage)}
            loadingMore={isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </>
      )}
    </div>
  );
}
