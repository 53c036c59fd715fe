import { useState } from 'react';
import { PRIORITIES, type TServiceInquiry } from '../../../shared/service-inquiries.schema';
import { trpc } from '../../lib/trpc';
import { ContactDetailsDialog } from '../contacts/contact-details-dialog';
import { CountBadges } from '../components/count-badges';
import { FilterSelect } from '../components/filter-select';
import { ListPage } from '../components/list-page';
import { SearchInput } from '../components/search-input';
import { countBy, filterInquiries } from '../lib/filters';
import { InquiryCard } from './inquiry-card';
import { InquiryDetailsDialog } from './inquiry-details-dialog';
import { InquiryEditDialog } from './inquiry-edit-dialog';

const PRIORITY_OPTIONS = [
  { value: 'all', label: 'All Priorities' },
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
] as const;

export function ServiceInquiriesPage() {
  const inquiries = trpc.admin.serviceInquiries.list.useQuery();
  const [search, setSearch] = useState('');
  const [priority, setPriority] = useState('all');
  const [viewing, setViewing] = useState<TServiceInquiry | null>(null);
  const [editing, setEditing] = useState<TServiceInquiry | null>(null);
  const [contactId, setContactId] = useState<number | null>(null);

  const all = inquiries.data ?? [];
  const shown = filterInquiries(all, search, priority);
  const counts = countBy(all, PRIORITIES, (i) => i.priority);

  return (
    <>
      <ListPage
        title="Service Inquiries"
        subtitle="Track and manage service requests from customers"
        total={{ testId: 'inquiries-total', count: all.length, noun: 'inquiries' }}
        toolbar={
          <>
            <SearchInput
              value={search}
              onChange={setSearch}
              placeholder="Search inquiries..."
              label="Search inquiries"
            />
            <FilterSelect
              label="Filter by priority"
              value={priority}
              onChange={setPriority}
              options={PRIORITY_OPTIONS}
            />
          </>
        }
        summary={
          <CountBadges
            label="Inquiries per priority"
            items={[
              { label: 'High', count: counts.high, tone: 'red' },
              { label: 'Medium', count: counts.medium, tone: 'yellow' },
              { label: 'Low', count: counts.low, tone: 'green' },
            ]}
          />
        }
        query={inquiries}
        items="service inquiries"
        shown={shown.length}
        empty={{
          title: 'No Service Inquiries Yet',
          hint: 'Service inquiries will appear here once received.',
        }}
        noMatch={{ title: 'No Matching Inquiries' }}
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
