import { keepPreviousData } from '@tanstack/react-query';
import type { TContactStatus } from '../../../shared/contacts.schema';
import { trpc } from '../../lib/trpc';
import { notifyCrud } from '../lib/notify';
import type { TOriginFilter } from './origin-filter';

export const CONTACTS_PAGE_SIZE = 50;

/** The list's filters as the API takes them ('all' and blanks dropped). */
export function contactFilter(
  search: string,
  status: TContactStatus | 'all',
  owner: string,
  origin: TOriginFilter = {},
): TContactFilterParams {
  return {
    search: search.trim() || undefined,
    status: status === 'all' ? undefined : status,
    ownerId: owner === 'all' ? undefined : owner,
    ...origin,
  };
}
export interface TContactFilterParams extends TOriginFilter {
  search?: string;
  status?: TContactStatus;
  /** A user id, 'me' or 'unassigned', as the query string carries it. */
  ownerId?: string;
}

/** One server-side page stream for the current filters (keyset paging). */
export function useContactPages(filter: TContactFilterParams) {
  return trpc.admin.contacts.find.useInfiniteQuery(
    { ...filter, limit: CONTACTS_PAGE_SIZE },
    // Keep the current cards while the next search runs, so typing does not flash a spinner.
    { getNextPageParam: (last) => last.nextCursor ?? undefined, placeholderData: keepPreviousData },
  );
}

/** Unfiltered totals (one row fetched) for the header count and the "no contacts at all" case. */
export function useContactTotals() {
  return trpc.admin.contacts.find.useQuery({ limit: 1 });
}

/** After a contact write: refetch contact lists, timelines, analytics and (via cascade) inquiries. */
export function useContactsRefresh() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.admin.contacts.invalidate(),
      utils.admin.contactActivity.invalidate(),
      utils.analytics.invalidate(),
      utils.admin.serviceInquiries.invalidate(),
    ]);
}

/** Contact writes; each refreshes what a contact change touches (useContactsRefresh). */
export function useContactMutations() {
  const refresh = useContactsRefresh();

  const updateStatus = trpc.admin.contacts.updateStatus.useMutation(
    notifyCrud('update', 'contact status', refresh),
  );
  const remove = trpc.admin.contacts.delete.useMutation(notifyCrud('delete', 'contact', refresh));
  const create = trpc.admin.contacts.createManual.useMutation(
    notifyCrud('create', 'contact', refresh),
  );
  const update = trpc.admin.contacts.update.useMutation(notifyCrud('update', 'contact', refresh));
  const removeAll = trpc.admin.contacts.deleteAll.useMutation(
    notifyCrud('delete', 'all contacts', refresh),
  );
  return { updateStatus, remove, removeAll, create, update, refresh };
}
