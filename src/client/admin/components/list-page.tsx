import type { ReactNode } from 'react';
import { capitalize, formatNumber } from '../lib/format';
import { PageHeader } from './page-header';
import { EmptyState, ErrorState, LoadingState } from './page-states';

interface StateText {
  title: string;
  hint: string;
  action?: ReactNode;
}

const NO_MATCH_HINT = 'Try adjusting your search or filter criteria';

/** What the shell reads from the list's query (a tRPC useQuery or useInfiniteQuery result). */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: { message: string } | null;
}

/**
 * The shell of a list screen: header, the total line ('Total: 12 contacts', or 'Total users: 3'
 * beside the search), search and filters, count badges, then the list or, in its place, the
 * loading, error, empty or no-match state.
 */
export function ListPage({
  title,
  subtitle,
  actions,
  total,
  toolbar,
  summary,
  query,
  items,
  errorTitle = `${capitalize(items)} could not be loaded`,
  shown = total.count,
  all = total.count,
  filtered = false,
  empty,
  noMatch,
  children,
}: {
  title: string;
  subtitle: string;
  actions?: ReactNode;
  /** The total line: `label: count noun`, with its test id; `besideToolbar` ends the search row. */
  total: { testId: string; count: number; label?: string; noun?: string; besideToolbar?: boolean };
  /** Search and filters. */
  toolbar?: ReactNode;
  /** Count badges under the filters. */
  summary?: ReactNode;
  query: ListQuery;
  /** What the page lists ('campaigns'): "Loading campaigns...", "Campaigns could not be loaded". */
  items: string;
  errorTitle?: string;
  /** Items on screen, and how many there are before search and filters (both the total by default). */
  shown?: number;
  all?: number;
  /** Filtered on the server, where `all` is not known: an empty list then means no match. */
  filtered?: boolean;
  /** Nothing at all yet. */
  empty: StateText;
  /** Search or filters match nothing (screens without either leave it out). */
  noMatch?: Omit<StateText, 'hint'> & { hint?: string };
  /** The list, shown when there is something to show. */
  children: ReactNode;
}) {
  const totalLine = (
    <p
      className={total.besideToolbar ? 'text-sm text-slate-600' : 'mb-4 text-sm text-slate-600'}
      data-testid={total.testId}
    >
      {`${total.label ?? 'Total'}:`}{' '}
      <span className="font-semibold tabular-nums text-slate-900">{formatNumber(total.count)}</span>
      {total.noun && <> {total.noun}</>}
    </p>
  );

  return (
    <div>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      {total.besideToolbar ? (
        <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-center">
          {toolbar}
          {totalLine}
        </div>
      ) : (
        <>
          {totalLine}
          {toolbar && <div className="mb-3 flex flex-col gap-3 sm:flex-row">{toolbar}</div>}
        </>
      )}
      {summary && <div className="mb-5">{summary}</div>}
      {query.isPending ? (
        <LoadingState text={`Loading ${items}...`} />
      ) : query.isError ? (
        <ErrorState title={errorTitle} message={query.error?.message} />
      ) : shown > 0 ? (
        children
      ) : noMatch && (filtered || all > 0) ? (
        <EmptyState filtered hint={NO_MATCH_HINT} {...noMatch} />
      ) : (
        <EmptyState {...empty} />
      )}
    </div>
  );
}
