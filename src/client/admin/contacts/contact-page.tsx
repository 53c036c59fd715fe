import { ArrowLeft, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { trpc } from '../../lib/trpc';
import { PageHeader } from '../components/page-header';
import { ErrorState, LoadingState } from '../components/page-states';
import { ContactCalls } from './contact-calls';
import { ContactDetails } from './contact-details-dialog';
import { ContactEditDialog } from './contact-form-dialogs';
import { ContactStatusButtons } from './contact-status-buttons';
import { ContactTasks } from './contact-tasks';
import { ContactTimeline } from './contact-timeline';
import { useContactMutations } from './use-contacts';
import { ErasePersonButton } from '../privacy/erase-person-dialog';

/** The sections rule themselves off from what is above them; at the top of a card nothing is. */
const FIRST_SECTION_UNRULED = '[&>section:first-of-type]:border-t-0 [&>section:first-of-type]:pt-0';

/**
 * A contact's own page (`/admin/contacts/{id}`, a link that survives a reload): every field,
 * status and owner, where it came from, its calls and tasks, and its timeline by kind.
 */
export function ContactPage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const contact = trpc.admin.contacts.get.useQuery({ id }, { enabled: valid });
  const { updateStatus } = useContactMutations();
  const [editing, setEditing] = useState(false);
  const [, navigate] = useLocation();
  const back = (
    <Link
      href="/contacts"
      className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-slate-700 hover:text-primary"
    >
      <ArrowLeft className="size-4" aria-hidden /> All contacts
    </Link>
  );
  if (!valid || contact.isError)
    return (
      <div>
        {back}
        <ErrorState
          title="This contact could not be loaded"
          message={valid ? contact.error!.message : `“${params.id}” is not a contact id`}
        />
      </div>
    );
  if (!contact.data) return <LoadingState text="Loading contact..." />;
  const c = contact.data;
  return (
    <div>
      {back}
      <PageHeader
        title={c.name}
        subtitle={[c.email, c.company].filter(Boolean).join(' · ')}
        actions={
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil aria-hidden /> Edit
            </Button>
            <ErasePersonButton email={c.email} onErased={() => navigate('/contacts')} />
          </>
        }
      />
      {editing && <ContactEditDialog contact={c} onClose={() => setEditing(false)} />}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <div className="space-y-6">
          <Card>
            <CardContent className="space-y-4 pt-6">
              <ContactStatusButtons
                name={c.name}
                status={c.status}
                disabled={updateStatus.isPending}
                onChange={(status) => updateStatus.mutate({ id: c.id, status })}
              />
              <ContactDetails contact={c} />
            </CardContent>
          </Card>
          <Card>
            <CardContent className={`space-y-4 pt-6 ${FIRST_SECTION_UNRULED}`}>
              <ContactCalls contactId={c.id} headingLevel={2} />
              <ContactTasks contact={c} headingLevel={2} />
            </CardContent>
          </Card>
        </div>
        <Card>
          <CardContent className={`pt-6 ${FIRST_SECTION_UNRULED}`}>
            <ContactTimeline contactId={c.id} filterable headingLevel={2} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
