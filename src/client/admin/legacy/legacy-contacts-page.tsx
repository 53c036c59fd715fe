import { useMutation } from '@tanstack/react-query';
import type { TContactStatus } from '../../../shared/contacts.schema';
import { trpc } from '../../lib/trpc';
import { ContactCard } from '../contacts/contact-card';
import { ListPage } from '../components/list-page';
import { notifyError, notifySuccess } from '../lib/notify';

/** The product's older view sets the status with a raw fetch and its own error text. */
async function patchStatus({ id, status }: { id: number; status: TContactStatus }): Promise<void> {
  const res = await fetch(`/api/contacts/${id}/status`, {
    method: 'PATCH',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  if (!res.ok) throw new Error('Failed to update status');
}

/** /admin/legacy: the simple list (total, cards, status buttons); no search, no delete. */
export function LegacyContactsPage() {
  const contacts = trpc.admin.contacts.list.useQuery();
  const utils = trpc.useUtils();
  const update = useMutation({
    mutationFn: patchStatus,
    onSuccess: () => notifySuccess('Contact status updated successfully'),
    onError: () => notifyError('Failed to update contact status'),
    onSettled: () => Promise.all([utils.admin.contacts.invalidate(), utils.analytics.invalidate()]),
  });
  const all = contacts.data ?? [];
  return (
    <ListPage
      title="Contact Submissions"
      subtitle="The simple list of every contact form submission"
      total={{ testId: 'legacy-total', count: all.length, noun: 'contacts' }}
      query={contacts}
      items="contacts"
      empty={{
        title: 'No Contacts Yet',
        hint: 'Contact form submissions will appear here once received.',
      }}
    >
      <ul className="grid grid-cols-1 gap-3 xl:grid-cols-2" aria-label="Contacts">
        {all.map((contact) => (
          <li key={contact.id}>
            <ContactCard
              contact={contact}
              statusPending={update.isPending && update.variables.id === contact.id}
              onStatusChange={(status) => update.mutate({ id: contact.id, status })}
            />
          </li>
        ))}
      </ul>
    </ListPage>
  );
}
