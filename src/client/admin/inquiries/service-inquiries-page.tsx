import { useState } from 'react';
import { PRIORITIES, type TServiceInquiry } from '../../../shared/service-inquiries.schema';
import { trpc } from '../../lib/trpc';
import { ContactDetailsDialog } from '../contacts/contact-details-dialog';
import { CountBadges, countItems } from '../components/count-badges';
import { FilterSelect } from '../components/filter-select';
import { ListPage } from '../components/list-page';
import { SearchInput } from '../components/search-input';
import { countBy, filterInquiries } from '../lib/filters';
import { InquiryCard } from './inquiry-card';
import { InquiryDetailsDialog } from './inquiry-details-dialog';
import { InquiryEditDialog } from './inquiry-edit-dialog';
import { priorityTone } from '../lib/status-styles';
import { useFilter } from '../lib/use-filter';
import { optionsOf, withAll } from '../components/filter-options';

const PRIORITY_OPTIONS = withAll('All Priorities', optionsOf(PRIORITIES));

export function ServiceInquiriesPage() {
  const inquiries = trpc.admin.serviceInquiries.list.useQuery();
  const [search, searchControl] = useFilter('');
  const [priority, priorityControl] = useFilter('all');
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
            <SearchInput {...searchControl} label="Search inquiries" />
            <FilterSelect
              label="Filter by priority"
              {...priorityControl}
              options={PRIORITY_OPTIONS}
            />
          </>
        }
        summary={
          <CountBadges
            label="Inquiries per priority"
            items={countItems(counts, PRIORITIES, priorityTone)}
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
