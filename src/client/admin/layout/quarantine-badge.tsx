import { trpc } from '../../lib/trpc';

/** How often the sidebar asks whether submissions wait in quarantine. */
const REFRESH_MS = 60_000;

/**
 * The number of submissions waiting in quarantine, beside the Security link, for admins: a real
 * lead held by the content filter or the rate limit must not wait unseen for 30 days.
 */
export function QuarantineBadge() {
  const waiting = trpc.admin.quarantine.list.useQuery(
    { limit: 1 },
    { refetchInterval: REFRESH_MS, staleTime: REFRESH_MS },
  ).data?.total;
  if (!waiting) return null;
  return (
    <span
      className="ml-auto rounded-full bg-amber-400 px-2 py-0.5 text-xs font-semibold tabular-nums text-ink"
      data-testid="quarantine-badge"
    >
      {waiting > 99 ? '99+' : waiting}
      <span className="sr-only">
        {' '}
        {waiting === 1 ? 'submission waits' : 'submissions wait'} in quarantine
      </span>
    </span>
  );
}
