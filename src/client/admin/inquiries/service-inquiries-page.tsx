import { useState } from 'react';
import {
  PRIORITIES,
  type TPriority,
  type TServiceInquiry,
} from '../../../shared/service-inquiries.schema';
import { trpc } from '../../lib/trpc';
import { ContactDetailsDialog } from '../contacts/contact-details-dialog';
import { ListPage } from '../components/list-page';
import { filterInquiries } from '../lib/filters';
import { InquiryCard } from './inquiry-card';
import { InquiryDetailsDialog } from './inquiry-details-dialog';
import { InquiryEditDialog } from './inquiry-edit-dialog';
import { priorityTone } from '../lib/status-styles';
import { useBriefSearch, type BriefSearch } from '../lib/brief-search';

const SEARCH: BriefSearch<TServiceInquiry, TPriority> = {
  items: 'inquiries',
  match: filterInquiries,
  by: { field: 'priority', values: PRIORITIES, tone: priorityTone, all: 'All Priorities' },
};

export function ServiceInquiriesPage() {
  const inquiries = trpc.admin.serviceInquiries.list.useQuery();
  const [viewing, setViewing] = useState<TServiceInquiry | null>(null);
  const [editing, setEditing] = useState<TServiceInquiry | null>(null);
  const [contactId, setContactId] = useState<number | null>(null);

  const all = inquiries.data ?? [];
  const { shown, list } = useBriefSearch(all, SEARCH);

  return (
    <>
      <ListPage
        title="Service Inquiries"
        subtitle="Track and manage service requests from customers"
        total={{ testId: 'inquiries-total', count: all.length, noun: 'inquiries' }}
        {...list}
        query={inquiries}
        items="service inquiries"
        empty={{
          title: 'No Service Inquiries Yet',
          hint: 'Service inquiries will appear here once received.',
        }}
      >
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label="Service inquiries">
          {shown.map((inquiry) => (
            <li key={inquiry.id} className="flex">
              <InquiryCard
                inquiry={inquiry}
                onView={() => setViewing(inquiry)}
                onEdit={() => setEditing(inquiry)}
                onViewContact={() => setContactId(inquiry.contactId)}
              />
            </li>
          ))}
        </ul>
      </ListPage>
      {viewing && (
        <InquiryDetailsDialog
          inquiry={viewing}
          onClose={() => setViewing(null)}
          onViewContact={() => {
            setViewing(null);
            setContactId(viewing.contactId);
          }}
          onEdit={() => {
            setViewing(null);
            setEditing(viewing);
          }}
        />
      )}
      {editing && (
        <InquiryEditDialog key={editing.id} inquiry={editing} onClose={() => setEditing(null)} />
      )}
      <ContactDetailsDialog contactId={contactId} onClose={() => setContactId(null)} />
    </>
  );
}
