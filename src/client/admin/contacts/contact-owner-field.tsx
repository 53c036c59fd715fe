import { useState } from 'react';
import type { TContact } from '../../../shared/contacts.schema';
import { trpc } from '../../lib/trpc';
import { notifyError, notifySuccess } from '../lib/notify';
import { OwnerSelect } from './owner-select';

/** The owner of a contact, changed in place (PATCH /contacts/{id}/owner). */
export function ContactOwnerField({ contact }: { contact: TContact }) {
  const [ownerId, setOwnerId] = useState(contact.ownerId);
  const utils = trpc.useUtils();
  const setOwner = trpc.admin.contacts.setOwner.useMutation({
    onSuccess: (updated) => {
      setOwnerId(updated.ownerId);
      notifySuccess(updated.ownerId === null ? 'Contact unassigned' : 'Contact assigned');
    },
    onError: (e) => notifyError('Failed to assign contact', e),
    onSettled: () =>
      Promise.all([utils.admin.contacts.invalidate(), utils.admin.contactActivity.invalidate()]),
  });
  return (
    <OwnerSelect
      label="Owner"
      value={ownerId}
      disabled={setOwner.isPending}
      className="h-9 max-w-56"
      onChange={(id) => setOwner.mutate({ id: contact.id, ownerId: id })}
    />
  );
}
