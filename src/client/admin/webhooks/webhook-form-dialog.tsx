import { Controller } from 'react-hook-form';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  ZWebhookCreate,
  type TWebhook,
  type TWebhookCreated,
  type TWebhookCreateInput,
  type TWebhookEvent,
} from '../../../shared/webhooks.schema';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { FieldError } from '../../components/ui/field-error';
import { EditDialogFooter } from '../components/edit-dialog-footer';
import { Form, formFields } from '../components/form';
import { showServerFieldErrors, useSchemaForm } from '../lib/schema-form';
import { useWebhookMutations } from './use-webhooks';

const { FormField } = formFields<TWebhookCreateInput>();

/** The events as checkboxes; the shared schema insists on at least one. */
function EventChoices({
  value,
  onChange,
  error,
}: {
  value: readonly TWebhookEvent[];
  onChange: (events: TWebhookEvent[]) => void;
  error?: string;
}) {
  const toggle = (event: TWebhookEvent, on: boolean) =>
    onChange(WEBHOOK_EVENTS.filter((e) => (e === event ? on : value.includes(e))));
  return (
    <fieldset aria-describedby={error ? 'webhook-events-error' : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-900">Events</legend>
      <div className="space-y-2">
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={value.includes(event)}
              onChange={(e) => toggle(event, e.target.checked)}
            />
            <span>
              <span className="font-mono text-xs">{event}</span>
              <span className="block text-xs text-slate-600">{WEBHOOK_EVENT_LABELS[event]}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id="webhook-events-error" message={error} />
    </fieldset>
  );
}

/**
 * Adds an endpoint (then hands the answer, with its one-time secret, to `onCreated`) or edits
 * one; mount with key={webhook.id}.
 */
export function WebhookFormDialog({
  webhook,
  onClose,
  onCreated,
}: {
  webhook?: TWebhook;
  onClose: () => void;
  onCreated?: (created: TWebhookCreated) => void;
}) {
  const form = useSchemaForm(ZWebhookCreate, {
    url: webhook?.url ?? '',
    events: webhook?.events ?? ['contact.created'],
    description: webhook?.description ?? '',
  });
  const errors = form.formState.errors;
  const { create, update } = useWebhookMutations();
  const onError = (error: Parameters<typeof showServerFieldErrors>[1]) =>
    showServerFieldErrors(form, error);

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{webhook ? 'Edit Endpoint' : 'Add Endpoint'}</DialogTitle>
          <DialogDescription>
            {webhook
              ? `Editing ${webhook.url}`
              : 'Convoza POSTs each event you choose to this URL, signed with a secret shown once.'}
          </DialogDescription>
        </DialogHeader>
        <Form
          form={form}
          idPrefix="webhook"
          className="grid gap-4"
          onSubmit={(data) =>
            webhook
              ? update.mutate({ id: webhook.id, ...data }, { onSuccess: onClose, onError })
              : create.mutate(data, { onSuccess: (created) => onCreated?.(created), onError })
          }
        >
          <FormField
            name="url"
            label="Endpoint URL"
            type="url"
            inputMode="url"
            placeholder="https://example.com/webhooks/convoza"
          />
          <Controller
            control={form.control}
            name="events"
            render={({ field }) => (
              <EventChoices
                value={field.value ?? []}
                onChange={field.onChange}
                error={errors.events?.message ?? errors.events?.root?.message}
              />
            )}
          />
          <FormField name="description" label="Description (optional)" placeholder="CRM sync" />
          <EditDialogFooter pending={create.isPending || update.isPending} onCancel={onClose} />
        </Form>
      </DialogContent>
    </Dialog>
  );
}
