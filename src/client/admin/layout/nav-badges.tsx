import { useEffect, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { QuarantineBadge } from './quarantine-badge';

/** How often the sidebar's counts refresh. */
const REFRESH_MS = 60_000;
const SEEN_KEY = (userId: number) => `convoza.contactsSeenAt.${userId}`;

function Count({ n, tone, what }: { n: number; tone: 'red' | 'indigo'; what: string }) {
  if (!n) return null;
  const colours = tone === 'red' ? 'bg-red-500 text-white' : 'bg-indigo-400 text-ink';
  return (
    <span
      className={`ml-auto rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ${colours}`}
    >
      {n > 99 ? '99+' : n}
      <span className="sr-only"> {what}</span>
    </span>
  );
}

/** Remembers (per user, in this browser) that the contacts list was opened now. */
export function useContactsSeen(userId: number | undefined) {
  useEffect(() => {
    if (userId !== undefined) localStorage.setItem(SEEN_KEY(userId), new Date().toISOString());
  }, [userId]);
}

/** New leads since this user last opened the contacts list (counted among the newest 50). */
function NewLeadsBadge({ userId }: { userId: number }) {
  const [seenAt] = useState(
    () => localStorage.getItem(SEEN_KEY(userId)) ?? new Date().toISOString(),
  );
  const newest = trpc.admin.contacts.find.useQuery(
    { limit: 50 },
    { refetchInterval: REFRESH_MS, staleTime: REFRESH_MS },
  );
  const latestSeen = localStorage.getItem(SEEN_KEY(userId)) ?? seenAt;
  const n = (newest.data?.items ?? []).filter((c) => c.createdAt > latestSeen).length;
  return <Count n={n} tone="indigo" what={n === 1 ? 'new lead' : 'new leads'} />;
}

function OverdueTasksBadge({ userId }: { userId: number }) {
  const overdue = trpc.admin.tasks.list.useQuery(
    { assigneeId: userId, due: 'overdue', limit: 100 },
    { refetchInterval: REFRESH_MS, staleTime: REFRESH_MS },
  );
  const n = overdue.data?.items.length ?? 0;
  return <Count n={n} tone="red" what={n === 1 ? 'overdue task' : 'overdue tasks'} />;
}

function FailedWebhooksBadge() {
  const failed = trpc.admin.webhooks.failedCount.useQuery(undefined, {
    refetchInterval: REFRESH_MS,
    staleTime: REFRESH_MS,
  });
  const n = failed.data?.failed ?? 0;
  return <Count n={n} tone="red" what={n === 1 ? 'failed delivery' : 'failed deliveries'} />;
}

/** The count a sidebar link carries, for an admin: what waits behind it. */
export function NavBadge({ href, userId }: { href: string; userId: number }) {
  if (href === '/contacts') return <NewLeadsBadge userId={userId} />;
  if (href === '/tasks') return <OverdueTasksBadge userId={userId} />;
  if (href === '/security') return <QuarantineBadge />;
  if (href === '/webhooks') return <FailedWebhooksBadge />;
  return null;
}
