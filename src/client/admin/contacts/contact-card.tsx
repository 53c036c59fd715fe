import { Building2, Calendar, Mail, Phone, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TContact, TContactStatus } from '../../../shared/contacts.schema';
import { Card } from '../../components/ui/card';
import { formatDate } from '../lib/format';
import { ContactStatusButtons } from './contact-status-buttons';
import { ContactStatusBadge } from '../components/status-badge';

/**
 * One contact: who, how to reach them, the message, and status buttons. `menu` adds actions,
 * `select` a selection checkbox, `owner` the owner's name (null: unassigned).
 */
export function ContactCard({
  contact,
  menu,
  select,
  owner,
  statusPending,
  onStatusChange,
}: {
  contact: TContact;
  menu?: ReactNode;
  select?: ReactNode;
  owner?: string | null;
  statusPending?: boolean;
  onStatusChange: (status: TContactStatus) => void;
}) {
  return (
    <Card
      className="flex h-full flex-col gap-3 p-4 [contain-intrinsic-size:auto_220px] [content-visibility:auto]"
      data-testid="contact-card"
    >
      <div className="flex items-start justify-between gap-3">
        {select}
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-slate-900">{contact.name}</h2>
          <p className="flex items-center gap-1.5 truncate text-sm text-slate-600">
            <Mail className="size-3.5 shrink-0" aria-hidden />
            {contact.email}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <ContactStatusBadge status={contact.status} />
          {menu}
        </div>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        {contact.company && (
          <span className="flex items-center gap-1">
            <Building2 className="size-3.5" aria-hidden />
            {contact.company}
          </span>
        )}
        {contact.phone && (
          <span className="flex items-center gap-1">
            <Phone className="size-3.5" aria-hidden />
            {contact.phone}
          </span>
        )}
        {owner !== undefined && (
          <span className="flex items-center gap-1" title="Owner">
            <UserRound className="size-3.5" aria-hidden />
            <span className="sr-only">Owner: </span>
            {owner ?? 'Unassigned'}
          </span>
        )}
        <span className="flex items-center gap-1">
          <Calendar className="size-3.5" aria-hidden />
          <span className="tabular-nums">{formatDate(contact.createdAt)}</span>
        </span>
      </div>
      {contact.message && <p className="line-clamp-2 text-sm text-slate-700">{contact.message}</p>}
      <ContactStatusButtons
        name={contact.name}
        status={contact.status}
        disabled={statusPending}
        onChange={onStatusChange}
      />
    </Card>
  );
}
