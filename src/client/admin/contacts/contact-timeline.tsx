import {
  ArrowRightLeft,
  CalendarCheck,
  CalendarClock,
  CalendarX,
  Mail,
  MessageSquareText,
  Sparkles,
  Trash2,
  UserRound,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { TContactActivity } from '../../../shared/contact-activity.schema';
import { CONTACT_STATUSES, type TContactStatus } from '../../../shared/contacts.schema';
import {
  NOTIFICATION_KIND_LABELS,
  type TNotificationKind,
} from '../../../shared/notifications.schema';
import { Button } from '../../components/ui/button';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ContactStatusBadge } from '../components/status-badge';
import { formatDateTime } from '../lib/format';
import { ContactNoteForm } from './contact-note-form';
import { useTeam } from './use-team';
import { notifyError, notifySuccess } from '../lib/notify';

const ICONS: Record<TContactActivity['type'], LucideIcon> = {
  created: Sparkles,
  status_changed: ArrowRightLeft,
  owner_changed: UserRound,
  note: MessageSquareText,
  email: Mail,
  webhook: Webhook,
  booking_created: CalendarCheck,
  booking_rescheduled: CalendarClock,
  booking_cancelled: CalendarX,
};

const str = (v: unknown) =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
const isStatus = (v: unknown): v is TContactStatus => CONTACT_STATUSES.some((s) => s === v);

/** One entry's sentence (and body), from its type and data. */
function Describe({
  entry,
  nameOf,
}: {
  entry: TContactActivity;
  nameOf: (id: number | null) => string | null;
}) {
  const who = entry.actor?.username;
  const d = entry.data;
  switch (entry.type) {
    case 'created':
      return <>Contact created from {str(d.source)}</>;
    case 'status_changed':
      return (
        <span className="flex flex-wrap items-center gap-1.5">
          {who ?? 'Someone'} changed the status
          {isStatus(d.from) && <ContactStatusBadge status={d.from} />}
          <span aria-hidden>→</span>
          <span className="sr-only">to</span>
          {isStatus(d.to) && <ContactStatusBadge status={d.to} />}
        </span>
      );
    case 'owner_changed': {
      const to = typeof d.to === 'number' ? nameOf(d.to) : null;
      const by =
        d.reason === 'round_robin'
          ? 'Round-robin'
          : d.reason === 'booking'
            ? 'A booked call'
            : (who ?? 'Someone');
      return <>{to ? `${by} assigned it to ${to}` : `${by} unassigned it`}</>;
    }
    case 'note':
      return (
        <>
          <span>{who ?? 'A former user'} added a note</span>
          <span className="mt-1 block whitespace-pre-wrap rounded-lg bg-amber-50 px-3 py-2 text-slate-800">
            {str(d.body)}
          </span>
        </>
      );
    case 'email':
      return (
        <>
          {NOTIFICATION_KIND_LABELS[d.kind as TNotificationKind] ?? 'Email'} to {str(d.to)}: “
          {str(d.subject)}”{' '}
          <span className="text-slate-500">({str(d.status).replace('_', ' ')})</span>
        </>
      );
    case 'webhook':
      return (
        <>
          Webhook {str(d.event)} to <span className="break-all">{str(d.url)}</span>{' '}
          <span className="text-slate-500">
            ({str(d.status)}
            {d.responseStatus ? `, HTTP ${str(d.responseStatus)}` : ''})
          </span>
        </>
      );
    case 'booking_created':
      return (
        <>
          Booked a call for {formatDateTime(str(d.startsAt))} with {str(d.host)}
        </>
      );
    case 'booking_rescheduled':
      return (
        <>
          Moved the call from {formatDateTime(str(d.from))} to {formatDateTime(str(d.startsAt))}
        </>
      );
    case 'booking_cancelled':
      return (
        <>
          Cancelled the call of {formatDateTime(str(d.startsAt))}
          {d.reason ? `: “${str(d.reason)}”` : ''}
        </>
      );
  }
}

/** The contact's history, newest first, with a note form on top. */
export function ContactTimeline({ contactId }: { contactId: number }) {
  const activity = trpc.admin.contactActivity.list.useQuery({ id: contactId });
  const { nameOf } = useTeam();
  const utils = trpc.useUtils();
  const [deleting, setDeleting] = useState<number | null>(null);
  const remove = trpc.admin.contactActivity.deleteNote.useMutation({
    onSuccess: () => notifySuccess('Note deleted'),
    onError: (e) => notifyError('Failed to delete note', e),
    onSettled: () => utils.admin.contactActivity.list.invalidate({ id: contactId }),
  });

  let body: ReactNode;
  if (activity.isPending) body = <p className="text-sm text-slate-600">Loading activity...</p>;
  else if (activity.isError)
    body = (
      <p role="alert" className="text-sm text-red-700">
        Activity could not be loaded: {activity.error.message}
      </p>
    );
  else
    body = (
      <ol className="space-y-3" aria-label="Activity">
        {activity.data.map((entry) => {
          const Icon = ICONS[entry.type];
          const noteId = entry.type === 'note' ? Number(entry.data.noteId) : null;
          return (
            <li key={entry.id} className="flex gap-3 text-sm text-slate-700">
              <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
                <Icon className="size-3.5" aria-hidden />
              </span>
              <div className="min-w-0 flex-1">
                <Describe entry={entry} nameOf={nameOf} />
                <time className="mt-0.5 block text-xs text-slate-500" dateTime={entry.at}>
                  {formatDateTime(entry.at)}
                </time>
              </div>
              {noteId !== null && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 shrink-0"
                  aria-label="Delete note"
                  onClick={() => setDeleting(noteId)}
                >
                  <Trash2 aria-hidden />
                </Button>
              )}
            </li>
          );
        })}
      </ol>
    );

  return (
    <section aria-labelledby="contact-activity-title" className="border-t border-slate-200 pt-4">
      <h3 id="contact-activity-title" className="mb-3 text-sm font-semibold text-slate-900">
        Activity
      </h3>
      <ContactNoteForm contactId={contactId} />
      {body}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete note?"
        description="The note will be removed from this contact's activity. This cannot be undone."
        confirmLabel="Delete note"
        onConfirm={() => deleting !== null && remove.mutate({ id: contactId, noteId: deleting })}
      />
    </section>
  );
}
