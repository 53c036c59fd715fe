import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { TWebhook, TWebhookCreated } from '../../../shared/webhooks.schema';
import { Button } from '../../components/ui/button';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ListPage } from '../components/list-page';
import { useWebhookMutations } from './use-webhooks';
import { WebhookCard } from './webhook-card';
import { WebhookFormDialog } from './webhook-form-dialog';
import { WebhookSecretDialog } from './webhook-secret-dialog';
import { useCreateThenReveal } from '../lib/use-create-then-reveal';

export function WebhooksPage() {
  const webhooks = trpc.admin.webhooks.list.useQuery();
  const { update, remove } = useWebhookMutations();
  const newEndpoint = useCreateThenReveal<TWebhookCreated>();
  const [editing, setEditing] = useState<TWebhook | null>(null);
  const [deleting, setDeleting] = useState<TWebhook | null>(null);
  const all = webhooks.data ?? [];
  const addButton = (label: string) => (
    <Button onClick={newEndpoint.start}>
      <Plus aria-hidden /> {label}
    </Button>
  );

  return (
    <>
      <ListPage
        title="Webhooks"
        subtitle="Signed POSTs to your systems when a lead arrives or changes status"
        actions={addButton('Add Endpoint')}
        total={{
          testId: 'webhooks-total',
          count: all.length,
          noun: all.length === 1 ? 'endpoint' : 'endpoints',
        }}
        query={webhooks}
        items="endpoints"
        empty={{
          title: 'No Endpoints Yet',
          hint: 'Add a URL to receive contact.created and contact.status_changed events.',
          action: addButton('Add Endpoint'),
        }}
      >
        <ul className="grid grid-cols-1 gap-3" aria-label="Endpoints">
          {all.map((webhook) => (
            <li key={webhook.id}>
              <WebhookCard
                webhook={webhook}
                toggling={update.isPending && update.variables?.id === webhook.id}
                onToggle={(enabled) => update.mutate({ id: webhook.id, enabled })}
                onEdit={() => setEditing(webhook)}
                onDelete={() => setDeleting(webhook)}
              />
            </li>
          ))}
        </ul>
      </ListPage>
      {newEndpoint.creating && (
        <WebhookFormDialog onClose={newEndpoint.cancel} onCreated={newEndpoint.reveal} />
      )}
      {newEndpoint.created && (
        <WebhookSecretDialog created={newEndpoint.created} onClose={newEndpoint.dismiss} />
      )}
      {editing && (
        <WebhookFormDialog key={editing.id} webhook={editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete endpoint?"
        description={`${deleting?.url ?? ''} will stop receiving events, and its delivery history will be deleted. This cannot be undone.`}
        confirmLabel="Delete Endpoint"
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </>
  );
}
