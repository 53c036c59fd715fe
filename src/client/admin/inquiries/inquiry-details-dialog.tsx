import type { TServiceInquiry } from '../../../shared/service-inquiries.schema';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';
import { TitledDialog } from '../components/titled-dialog';
import { trpc } from '../../lib/trpc';
import { DetailList } from '../components/detail-list';
import { ContactStatusBadge, PriorityBadge } from '../components/status-badge';
import { formatDateTime, serviceTypeLabel } from '../lib/format';

/** Every field of an inquiry plus a summary of the linked contact. */
export function InquiryDetailsDialog({
  inquiry,
  onClose,
  onViewContact,
  onEdit,
}: {
  inquiry: TServiceInquiry;
  onClose: () => void;
  onViewContact: () => void;
  onEdit: () => void;
}) {
  const contact = trpc.admin.contacts.get.useQuery({ id: inquiry.contactId });
  return (
    <TitledDialog
      onClose={onClose}
      title="Inquiry Details"
      description={
        <>
          {serviceTypeLabel(inquiry.serviceType)} · inquiry #{inquiry.id}
        </>
      }
      className="sm:max-w-xl"
    >
      <DetailList
        items={[
          { label: 'Service Type', value: serviceTypeLabel(inquiry.serviceType) },
          { label: 'Priority', value: <PriorityBadge priority={inquiry.priority} /> },
          { label: 'Contact ID', value: `#${inquiry.contactId}` },
          { label: 'Created', value: formatDateTime(inquiry.createdAt) },
          { label: 'Estimated Volume', value: inquiry.estimatedVolume },
          { label: 'Timeline', value: inquiry.timeline },
          { label: 'Budget', value: inquiry.budget },
          { label: 'Notes', value: inquiry.notes, wide: true },
        ]}
      />
      <section
        aria-label="Linked contact"
        className="rounded-lg border border-slate-200 bg-slate-50 p-4"
      >
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Linked contact</h3>
        {contact.data ? (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <span className="font-medium text-slate-900">{contact.data.name}</span>
            <span className="text-slate-600">{contact.data.email}</span>
            {contact.data.company && <span className="text-slate-600">{contact.data.company}</span>}
            <ContactStatusBadge status={contact.data.status} />
          </div>
        ) : contact.isError ? (
          <p className="text-sm text-slate-600">
            The linked contact could not be loaded: {contact.error.message}
          </p>
        ) : (
          <p className="text-sm text-slate-600">Loading contact...</p>
        )}
      </section>
      <DialogFooter>
        <Button variant="secondary" onClick={onViewContact} disabled={!contact.data}>
          View Contact
        </Button>
        <Button onClick={onEdit}>Edit Inquiry</Button>
      </DialogFooter>
    </TitledDialog>
  );
}
