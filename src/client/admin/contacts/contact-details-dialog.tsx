import { mailtoHref } from '../lib/mailto';
import {
  ATTRIBUTION_FIELDS,
  type TAttributionField,
  type TContact,
} from '../../../shared/contacts.schema';
import { TitledDialog } from '../components/titled-dialog';
import { trpc } from '../../lib/trpc';
import { formatDateTime } from '../lib/format';
import { DetailList } from '../components/detail-list';
import { LoadingState } from '../components/page-states';
import { ContactStatusBadge } from '../components/status-badge';
import { ContactOwnerField } from './contact-owner-field';
import { ContactCalls } from './contact-calls';
import { ContactTasks } from './contact-tasks';
import { ContactTimeline } from './contact-timeline';
import { ContactEditDialog } from './contact-form-dialogs';
import { Button } from '../../components/ui/button';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { ErasePersonButton } from '../privacy/erase-person-dialog';

const ATTRIBUTION_LABELS: Record<TAttributionField, string> = {
  utmSource: 'UTM Source',
  utmMedium: 'UTM Medium',
  utmCampaign: 'UTM Campaign',
  utmTerm: 'UTM Term',
  utmContent: 'UTM Content',
  referrer: 'Referrer',
  landingPage: 'Landing Page',
};

/** Where the lead came from (only what was recorded) and when it was first answered. */
function attributionItems(contact: TContact) {
  const recorded = ATTRIBUTION_FIELDS.filter((field) => contact[field]).map((field) => ({
    label: ATTRIBUTION_LABELS[field],
    value: contact[field],
    wide: field === 'referrer' || field === 'landingPage',
  }));
  const firstResponse = contact.firstRespondedAt
    ? formatDateTime(contact.firstRespondedAt)
    : 'Not yet';
  return [...recorded, { label: 'First Response', value: firstResponse }];
}

/** On what basis the data was taken: the notice version shown, and the news opt-in. */
function consentItems({ consent }: TContact) {
  const notice =
    consent.noticeVersion === null
      ? 'None recorded'
      : `Version ${consent.noticeVersion}${consent.givenAt ? `, ${formatDateTime(consent.givenAt)}` : ''}`;
  return [
    { label: 'Privacy Notice', value: notice },
    { label: 'Product News', value: consent.marketingOptIn ? 'Opted in' : 'Not opted in' },
  ];
}

/** Every field of a contact, its owner control, its consent and where it came from. */
export function ContactDetails({ contact }: { contact: TContact }) {
  return (
    <DetailList
      items={[
        { label: 'Name', value: contact.name },
        {
          label: 'Email',
          value: (
            <a className="text-primary hover:underline" href={mailtoHref(contact.email)}>
              {contact.email}
            </a>
          ),
        },
        { label: 'Company', value: contact.company },
        { label: 'Phone', value: contact.phone },
        { label: 'Status', value: <ContactStatusBadge status={contact.status} /> },
        { label: 'Owner', value: <ContactOwnerField contact={contact} /> },
        { label: 'Source', value: contact.source },
        { label: 'Created', value: formatDateTime(contact.createdAt) },
        { label: 'Updated', value: formatDateTime(contact.updatedAt) },
        { label: 'Message', value: contact.message, wide: true },
        ...consentItems(contact),
        ...attributionItems(contact),
      ]}
    />
  );
}

/** Every field of one contact. Pass the contact, or an id to load it (from an inquiry). */
export function ContactDetailsDialog({
  contact,
  contactId,
  onClose,
}: {
  contact?: TContact | null;
  contactId?: number | null;
  onClose: () => void;
}) {
  const id = contact?.id ?? contactId ?? null;
  // The row the list passed shows at once; the contact as it now is (after an edit) replaces it.
  const loaded = trpc.admin.contacts.get.useQuery(
    { id: id ?? 0 },
    { enabled: id !== null, placeholderData: contact ?? undefined },
  );
  const shown = loaded.data ?? contact;
  const open = id !== null;
  const [editing, setEditing] = useState(false);
  return (
    <TitledDialog
      open={open}
      onClose={onClose}
      title="Contact Details"
      description={<>{shown ? `Submitted by ${shown.name}` : `Contact #${id ?? ''}`}</>}
      className="sm:max-w-xl"
    >
      {shown ? (
        <>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden />
              Edit
            </Button>
            <Link
              href={`/contacts/${shown.id}`}
              className="inline-flex items-center gap-1.5 rounded-md px-2 text-sm font-medium text-primary underline underline-offset-2"
            >
              Open the contact’s page
            </Link>
            <ErasePersonButton email={shown.email} size="sm" onErased={onClose} />
          </div>
          {editing && <ContactEditDialog contact={shown} onClose={() => setEditing(false)} />}
          <ContactDetails contact={shown} />
          <ContactCalls contactId={shown.id} />
          <ContactTasks contact={shown} />
          <ContactTimeline contactId={shown.id} />
        </>
      ) : loaded.isError ? (
        <p role="alert" className="text-sm text-red-700">
          This contact could not be loaded: {loaded.error.message}
        </p>
      ) : (
        <LoadingState text="Loading contact..." />
      )}
    </TitledDialog>
  );
}
