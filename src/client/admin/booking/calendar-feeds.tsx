import { RefreshCw, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { TCalendarFeed } from '../../../shared/booking.schema';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../components/confirm-dialog';
import { InlineLoadError, LoadingState } from '../components/page-states';
import { formatDateTime } from '../lib/format';
import { notifySuccess, notifyWrite, serverReason } from '../lib/notify';

const STATUS: Record<TCalendarFeed['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Fetching', tone: 'yellow' },
  ok: { label: 'In sync', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

/** Only the host: the rest of a secret address is a password and stays off the screen. */
const hostOf = (url: string) => {
  try {
    return new URL(url.replace(/^webcal:/i, 'https:')).host;
  } catch {
    return url;
  }
};

/**
 * A user's external calendars (the secret iCal address Google Calendar or Outlook gives): their
 * events make the user busy for booked calls. Polled while one is being fetched.
 */
export function CalendarFeeds({ userId }: { userId: number }) {
  const urlId = useId();
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const feeds = trpc.admin.booking.calendarFeeds.useQuery(
    { id: userId },
    { refetchInterval: (q) => (q.state.data?.some((f) => f.status === 'pending') ? 1500 : false) },
  );
  const refresh = () => void utils.admin.booking.calendarFeeds.invalidate({ id: userId });
  const add = trpc.admin.booking.addCalendarFeed.useMutation({
    onSuccess: () => {
      setUrl('');
      setProblem(null);
      notifySuccess('Calendar added: its events are being read');
    },
    onError: (e) => setProblem(serverReason(e) ?? 'The calendar could not be added'),
    onSettled: refresh,
  });

  return (
    <div className="space-y-4">
      {feeds.isPending ? (
        <LoadingState text="Loading calendars..." />
      ) : feeds.isError ? (
        <InlineLoadError what="Calendars" message={feeds.error.message} />
      ) : feeds.data.length === 0 ? (
        <p className="text-sm text-slate-600">No calendar connected.</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Connected calendars">
          {feeds.data.map((feed) => (
            <FeedRow key={feed.id} feed={feed} userId={userId} onChanged={refresh} />
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate({ id: userId, url });
        }}
      >
        <div className="min-w-0 flex-1 basis-64">
          <Label htmlFor={urlId}>Secret iCal address</Label>
          <Input
            id={urlId}
            type="url"
            inputMode="url"
            placeholder="https://calendar.google.com/calendar/ical/.../basic.ics"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${urlId}-error` : undefined}
            required
          />
        </div>
        <Button type="submit" disabled={add.isPending || !url.trim()}>
          Add calendar
        </Button>
        {problem && (
          <p id={`${urlId}-error`} role="alert" className="w-full text-sm text-red-700">
            {problem}
          </p>
        )}
      </form>
    </div>
  );
}

function FeedRow({
  feed,
  userId,
  onChanged,
}: {
  feed: TCalendarFeed;
  userId: number;
  onChanged: () => void;
}) {
  const [removing, setRemoving] = useState(false);
  const sync = trpc.admin.booking.refreshCalendarFeed.useMutation(
    notifyWrite('Fetching the calendar again', 'The calendar could not be refreshed', onChanged),
  );
  const remove = trpc.admin.booking.removeCalendarFeed.useMutation(
    notifyWrite('Calendar removed', 'The calendar could not be removed', onChanged),
  );
  const status = STATUS[feed.status];
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3" data-testid="calendar-feed">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{hostOf(feed.url)}</p>
        <p className="text-xs text-slate-600">
          {feed.lastSyncedAt ? `Last read ${formatDateTime(feed.lastSyncedAt)}` : 'Not read yet'}
        </p>
        {feed.error && <p className="wrap-anywhere text-xs text-red-700">{feed.error}</p>}
      </div>
      <Badge tone={status.tone}>{status.label}</Badge>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Refresh the calendar at ${hostOf(feed.url)}`}
        disabled={sync.isPending}
        onClick={() => sync.mutate({ id: userId, feedId: feed.id })}
      >
        <RefreshCw aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Remove the calendar at ${hostOf(feed.url)}`}
        onClick={() => setRemoving(true)}
      >
        <Trash2 aria-hidden />
      </Button>
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title="Remove this calendar?"
        description={`Events of the calendar at ${hostOf(feed.url)} no longer make you busy for booked calls.`}
        confirmLabel="Remove"
        onConfirm={() => remove.mutate({ id: userId, feedId: feed.id })}
      />
    </li>
  );
}
