import {
  ArrowRightLeft,
  CalendarCheck,
  CalendarClock,
  CalendarX,
  CircleCheck,
  ListTodo,
  Repeat2,
  Mail,
  MessageSquareText,
  PencilLine,
  PhoneCall,
  Sparkles,
  Trash2,
  UserRound,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { TContactActivity } from '../../../shared/contact-activity.schema';
import { MANUAL_SOURCE, type TEditableContactField } from '../../../shared/contacts.schema';
import { NOTIFICATION_KIND_LABELS } from '../../../shared/notifications.schema';
import { Button } from '../../components/ui/button';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ContactStatusBadge } from '../components/status-badge';
import { capitalize, formatDateTime } from '../lib/format';
import { FilterSelect } from '../components/filter-select';
import { withAll } from '../components/filter-options';
import { ContactNoteForm } from './contact-note-form';
import { useTeam } from './use-team';
import { notifyError, notifySuccess } from '../lib/notify';

const ICONS: Record<TContactActivity['type'], LucideIcon> = {
  created: Sparkles,
  fields_changed: PencilLine,
  status_changed: ArrowRightLeft,
  owner_changed: UserRound,
  note: MessageSquareText,
  email: Mail,
  webhook: Webhook,
  booking_created: CalendarCheck,
  booking_rescheduled: CalendarClock,
  booking_cancelled: CalendarX,
  call_outcome: PhoneCall,
  task_created: ListTodo,
  task_done: CircleCheck,
  task_reassigned: Repeat2,
};

const FIELD_LABELS: Record<TEditableContactField, string> = {
  name: 'Name',
  email: 'Email',
  company: 'Company',
  phone: 'Phone',
};

/** One entry's sentence (and body), from its type and its data (typed by the type). */
function Describe({
  entry,
  nameOf,
}: {
  entry: TContactActivity;
  nameOf: (id: number | null) => string | null;
}) {
  const who = entry.actor?.username;
  switch (entry.type) {
    case 'created':
      return entry.data.source === MANUAL_SOURCE ? (
        <>Contact added by hand</>
      ) : (
        <>Contact created from {entry.data.source}</>
      );
    case 'fields_changed':
      return (
        <>
          <span>{who ?? 'A former user'} corrected the contact</span>
          <span className="mt-1 block space-y-0.5">
            {entry.data.changes.map(({ field, from, to }) => (
              <span key={field} className="block wrap-anywhere">
                <span className="font-medium">{FIELD_LABELS[field]}</span>:{' '}
                <span className="text-slate-500 line-through">{from ?? 'empty'}</span>{' '}
                <span aria-hidden>→</span>
                <span className="sr-only">to</span> {to ?? 'empty'}
              </span>
            ))}
          </span>
        </>
      );
    case 'status_changed':
      return (
        <span className="flex flex-wrap items-center gap-1.5">
          {who ?? 'Someone'} changed the status
          <ContactStatusBadge status={entry.data.from} />
          <span aria-hidden>→</span>
          <span className="sr-only">to</span>
          <ContactStatusBadge status={entry.data.to} />
        </span>
      );
    case 'owner_changed': {
      const { to, reason } = entry.data;
      const toName = to === null ? null : nameOf(to);
      const by =
        reason === 'round_robin'
          ? 'Round-robin'
          : reason === 'booking'
            ? 'A booked call'
            : (who ?? 'Someone');
      return <>{toName ? `${by} assigned it to ${toName}` : `${by} unassigned it`}</>;
    }
    case 'note':
      return (
        <>
          <span>{who ?? 'A former user'} added a note</span>
          <span className="mt-1 block whitespace-pre-wrap rounded-lg bg-amber-50 px-3 py-2 text-slate-800">
            {entry.data.body}
          </span>
        </>
      );
    case 'email': {
      const d = entry.data;
      return (
        <>
          {NOTIFICATION_KIND_LABELS[d.kind]} to {d.to}: “{d.subject}”{' '}
          <span className="text-slate-500">({d.status.replace('_', ' ')})</span>
        </>
      );
    }
    case 'webhook': {
      const d = entry.data;
      return (
        <>
          Webhook {d.event} to <span className="break-all">{d.url}</span>{' '}
          <span className="text-slate-500">
            ({d.status}
            {d.responseStatus ? `, HTTP ${d.responseStatus}` : ''})
          </span>
        </>
      );
    }
    case 'booking_created':
      return (
        <>
          Booked a call for {formatDateTime(entry.data.startsAt)} with {entry.data.host}
        </>
      );
    case 'booking_rescheduled':
      return (
        <>
          Moved the call from {formatDateTime(entry.data.from)} to{' '}
          {formatDateTime(entry.data.startsAt)}
        </>
      );
    case 'call_outcome':
      return (
        <>
          <span>
            {who ?? 'Someone'} marked the call{' '}
            {entry.data.outcome === 'no_show' ? 'a no-show' : 'completed'}
          </span>
          {entry.data.note && (
            <span className="mt-1 block whitespace-pre-wrap rounded-lg bg-amber-50 px-3 py-2 text-slate-800">
              {entry.data.note}
            </span>
          )}
        </>
      );
    case 'task_created':
      return (
        <>
          {who ?? 'Someone'} added a task for {nameOf(entry.data.assigneeId) ?? 'a former user'}: “
          {entry.data.title}”, due {formatDateTime(entry.data.dueAt)}
        </>
      );
    case 'task_done':
      return (
        <>
          {who ?? 'Someone'} finished the task “{entry.data.title}”
        </>
      );
    case 'task_reassigned':
      return (
        <>
          {who ?? 'Someone'} gave the task “{entry.data.title}” to{' '}
          {nameOf(entry.data.to) ?? 'a former user'}
        </>
      );
    case 'booking_cancelled':
      return (
        <>
          Cancelled the call of {formatDateTime(entry.data.startsAt)}
          {entry.data.reason ? `: “${entry.data.reason}”` : ''}
        </>
      );
  }
}

/** The kinds the contact page filters its timeline by, and the entry types of each. */
const KINDS = {
  notes: ['note'],
  emails: ['email', 'webhook'],
  calls: ['booking_created', 'booking_rescheduled', 'booking_cancelled', 'call_outcome'],
  changes: ['created', 'fields_changed', 'status_changed', 'owner_changed'],
  tasks: ['task_created', 'task_done', 'task_reassigned'],
} as const satisfies Record<string, readonly TContactActivity['type'][]>;
type TKind = keyof typeof KINDS;
const KIND_OPTIONS = withAll(
  'All activity',
  (Object.keys(KINDS) as TKind[]).map((kind) => ({ value: kind, label: capitalize(kind) })),
);

/**
 * The contact's history, newest first, with a note form on top; `filterable` adds a filter by
 * kind (notes, emails, calls, changes, tasks).
 */
export function ContactTimeline({
  contactId,
  filterable = false,
  headingLevel = 3,
}: {
  contactId: number;
  filterable?: boolean;
  /** 2 on the contact's own page, 3 inside its details dialog. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const activity = trpc.admin.contactActivity.list.useQuery({ id: contactId });
  const [kind, setKind] = useState<TKind | 'all'>('all');
  const shown =
    kind === 'all'
      ? activity.data
      : activity.data?.filter((e) => (KINDS[kind] as readonly string[]).includes(e.type));
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
        {(shown ?? []).map((entry) => {
          const Icon = ICONS[entry.type];
          const noteId = entry.type === 'note' ? entry.data.noteId : null;
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
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <Heading id="contact-activity-title" className="text-sm font-semibold text-slate-900">
          Activity
        </Heading>
        {filterable && (
          <FilterSelect
            label="Filter activity by kind"
            value={kind}
            onChange={setKind}
            options={KIND_OPTIONS}
          />
        )}
      </div>
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
