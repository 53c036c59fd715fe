import {
  ZIntegrationKeyCreate,
  type TIntegrationKeyCreated,
} from '../../../shared/integration-keys.schema';
import { OneTimeSecretDialog } from '../components/one-time-secret-dialog';
import { formFields } from '../components/form';
import { FormDialog } from '../components/form-dialog';
import { useSchemaForm } from '../lib/schema-form';
import { trpc } from '../../lib/trpc';
import { notifyError } from '../lib/notify';

const { FormField } = formFields<{ name: string }>('key');

/** Names a new key; hands the answer (with the key, shown once) to `onCreated`. */
export function CreateKeyDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: TIntegrationKeyCreated) => void;
}) {
  const utils = trpc.useUtils();
  const form = useSchemaForm(ZIntegrationKeyCreate, { name: '' });
  const create = trpc.admin.integrationKeys.create.useMutation({
    onError: (e) => notifyError('Failed to create the key', e),
    onSettled: () => utils.admin.integrationKeys.list.invalidate(),
  });
  return (
    <FormDialog
      text={{
        title: 'Create API Key',
        description:
          'A key lets one of your systems send leads to POST /api/contacts. Name it after the system that will use it.',
        submit: ['Create Key'],
      }}
      form={form}
      onSaved={onCreated}
      onClose={onClose}
      mutation={create}
    >
      <FormField name="name" label="Name" placeholder="HubSpot sync" />
    </FormDialog>
  );
}

/** The new key, this once, with a request that uses it. */
export function NewKeyDialog({
  created,
  onClose,
}: {
  created: TIntegrationKeyCreated;
  onClose: () => void;
}) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const example = `curl -X POST ${origin}/api/contacts \\
  -H 'Authorization: Bearer ${created.key}' \\
  -H 'Content-Type: application/json' \\
  -d '{"name":"Ada Lovelace","email":"ada@example.com","message":"Call me"}'`;
  return (
    <OneTimeSecretDialog
      text={{ title: 'API key created', description: created.name }}
      secret={{ label: 'API key', value: created.key, testId: 'integration-key' }}
      onClose={onClose}
    >
      Lost it? Revoke it and create another.
      <pre className="mt-3 overflow-x-auto whitespace-pre rounded-md bg-ink p-3 font-mono text-xs leading-relaxed text-slate-100">
        {example}
      </pre>
    </OneTimeSecretDialog>
  );
}
