import { Eye, Pencil, User } from 'lucide-react';
import type { TServiceInquiry } from '../../../shared/service-inquiries.schema';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu';
import { CardMenu } from '../components/card-menu';
import { PriorityBadge } from '../components/status-badge';
import { formatDate, serviceTypeLabel } from '../lib/format';
import { ServiceTypeIcon } from './service-type-icon';

export interface InquiryActions {
  onView: () => void;
  onEdit: () => void;
  onViewContact: () => void;
}

export function InquiryCard({
  inquiry,
  onView,
  onEdit,
  onViewContact,
}: { inquiry: TServiceInquiry } & InquiryActions) {
  const label = serviceTypeLabel(inquiry.serviceType);
  const details = [
    ['Volume', inquiry.estimatedVolume],
    ['Timeline', inquiry.timeline],
    ['Budget', inquiry.budget],
  ].filter((d): d is [string, string] => Boolean(d[1]));
  return (
    <Card className="flex w-full flex-col gap-3 p-4" data-testid="inquiry-card">
      <div className="flex items-start gap-3">
        <ServiceTypeIcon serviceType={inquiry.serviceType} />
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold tracking-wide text-slate-900">{label}</h2>
          <p className="text-xs text-slate-600">
            Contact #{inquiry.contactId} ·{' '}
            <span className="tabular-nums">{formatDate(inquiry.createdAt)}</span>
          </p>
        </div>
        <PriorityBadge priority={inquiry.priority} />
        <CardMenu label={`Actions for inquiry ${inquiry.id}`}>
          <DropdownMenuItem onSelect={onView}>
            <Eye aria-hidden /> View Details
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onEdit}>
            <Pencil aria-hidden /> Edit Inquiry
          </DropdownMenuItem>
        </CardMenu>
      </div>
      {details.length > 0 && (
        <dl className="grid grid-cols-1 gap-2 text-xs sm:grid-cols-3">
          {details.map(([term, value]) => (
            <div key={term}>
              <dt className="text-slate-500">{term}</dt>
              <dd className="font-medium text-slate-800">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {inquiry.notes && (
        <p className="rounded-lg bg-slate-50 p-2.5 text-sm text-slate-700">{inquiry.notes}</p>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onViewContact}>
          <User aria-hidden /> View Contact
        </Button>
        <Button size="sm" variant="secondary" onClick={onEdit}>
          <Pencil aria-hidden /> Update Status
        </Button>
      </div>
    </Card>
  );
}
