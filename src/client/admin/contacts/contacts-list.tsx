import { Eye, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { TContact } from '../../../shared/contacts.schema';
import { Button } from '../../components/ui/button';
import { DropdownMenuItem } from '../../components/ui/dropdown-menu';
import { CardMenu } from '../components/card-menu';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ContactCard } from './contact-card';
import { ContactDetailsDialog } from './contact-details-dialog';
import { useContactMutations } from './use-contacts';
import { useTeam } from './use-team';

/**
 * The loaded pages of contacts. A sentinel below the last card fetches the next page as it
 * nears the viewport; the button is the keyboard/no-observer fallback.
 */
export function ContactsList({
  contacts,
  hasMore,
  loadingMore,
  onLoadMore,
  isSelected,
  onToggle,
}: {
  contacts: readonly TContact[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  isSelected: (id: number) => boolean;
  onToggle: (id: number) => void;
}) {
  const { nameOf } = useTeam();
  const [viewing, setViewing] = useState<TContact | null>(null);
  const [deleting, setDeleting] = useState<TContact | null>(null);
  const { updateStatus, remove } = useContactMutations();
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => entries[0]?.isIntersecting && !loadingMore && onLoadMore(),
      {
        rootMargin: '600px',
      },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, onLoadMore]);

  return (
    <>
      <ul className="grid grid-cols-1 gap-3 xl:grid-cols-2" aria-label="Contacts">
        {contacts.map((contact) => (
          <li key={contact.id}>
            <ContactCard
              contact={contact}
              owner={nameOf(contact.ownerId)}
              select={
                <input
                  type="checkbox"
                  className="mt-1 size-4 shrink-0 accent-indigo-600"
                  aria-label={`Select ${contact.name}`}
                  checked={isSelected(contact.id)}
                  onChange={() => onToggle(contact.id)}
                />
              }
              statusPending={updateStatus.isPending && updateStatus.variables?.id === contact.id}
              onStatusChange={(status) => updateStatus.mutate({ id: contact.id, status })}
              menu={
                <CardMenu label={`Actions for ${contact.name}`}>
                  <DropdownMenuItem onSelect={() => setViewing(contact)}>
                    <Eye aria-hidden /> View Details
                  </DropdownMenuItem>
                  <DropdownMenuItem destructive onSelect={() => setDeleting(contact)}>
                    <Trash2 aria-hidden /> Delete
                  </DropdownMenuItem>
                </CardMenu>
              }
            />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="mt-4 flex justify-center">
        {hasMore && (
          <Button variant="secondary" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading more...' : 'Load more'}
          </Button>
        )}
      </div>
      <ContactDetailsDialog contact={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete contact?"
        description={`${deleting?.name ?? ''} (${deleting?.email ?? ''}) and their service inquiries will be permanently deleted. This cannot be undone.`}
        confirmLabel="Delete contact"
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </>
  );
}
