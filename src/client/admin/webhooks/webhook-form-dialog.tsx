import { Controller } from 'react-hook-form';
import {
  ZWebhookCreate,
  type TWebhook,
  type TWebhookCreated,
  type TWebhookCreateInput,
} from '../../../shared/webhooks.schema';
import { trpc } from '../../lib/trpc';
import { FieldError } from '../../components/ui/field-error';
import { formFields } from '../components/form';
import { FormDialog } from '../components/form-dialog';
import { useSchemaForm } from '../lib/schema-form';
import { useWebhookMutations } from './use-webhooks';

const { FormField } = formFields<TWebhookCreateInput>('webhook');

/**
 * The event types the server sends (GET /webhooks/events), as checkboxes; the shared schema
 * insists on at least one.
 */
function EventChoices({
  value,
  onChange,
  error,
}: {
  value: readonly string[];
  onChange: (events: string[]) => void;
  error?: string;
}) {
  const types = trpc.admin.webhooks.events.useQuery().data ?? [];
  const toggle = (event: string, on: boolean) =>
    onChange(types.map((t) => t.type).filter((e) => (e === event ? on : value.includes(e))));
  return (
    <fieldset aria-describedby={error ? 'webhook-events-error' : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-900">Events</legend>
      <div className="space-y-2">
        {types.map(({ type, label }) => (
          <label key={type} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={value.includes(type)}
              onChange={(e) => toggle(type, e.target.checked)}
            />
            <span>
              <span className="font-mono text-xs">{type}</span>
              <span className="block text-xs text-slate-600">{label}</span>
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
