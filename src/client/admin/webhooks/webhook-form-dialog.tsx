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
import { FieldError } from '../../components/ui/field-error';
import { formFields } from '../components/form';
import { FormDialog } from '../components/form-dialog';
import { useSchemaForm } from '../lib/schema-form';
import { useWebhookMutations } from './use-webhooks';

const { FormField } = formFields<TWebhookCreateInput>('webhook');

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
interface WebhookFormDialogProps {
  /** The endpoint to edit; none to add one. */
  webhook?: TWebhook;
  onClose: () => void;
  onCreated?: (created: TWebhookCreated) => void;
}

export function WebhookFormDialog({ webhook, onClose, onCreated }: WebhookFormDialogProps) {
  const form = useSchemaForm(ZWebhookCreate, {
    url: webhook?.url ?? '',
    events: webhook?.events ?? ['contact.created'],
    description: webhook?.description ?? '',
  });
  const errors = form.formState.errors;
  const { create, update } = useWebhookMutations();

  return (
    <FormDialog
      text={{
        title: webhook ? 'Edit Endpoint' : 'Add Endpoint',
        description: webhook
          ? `Editing ${webhook.url}`
          : 'Convoza POSTs each event you choose to this URL, signed with a secret shown once.',
      }}
      form={form}
      // A new endpoint's answer carries its one-time secret: it goes to onCreated, not away.
      save={async (data) => {
        if (webhook) await update.mutateAsync({ id: webhook.id, ...data });
        else onCreated?.(await create.mutateAsync(data));
      }}
      onSaved={webhook ? undefined : () => {}}
      onClose={onClose}
      pending={create.isPending || update.isPending}
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
    </FormDialog>
  );
}
