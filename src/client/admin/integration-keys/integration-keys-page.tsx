import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type {
  TIntegrationKey,
  TIntegrationKeyCreated,
} from '../../../shared/integration-keys.schema';
import { Button } from '../../components/ui/button';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ListPage } from '../components/list-page';
import { formatDateTime, formatNumber } from '../lib/format';
import { notifyWrite } from '../lib/notify';
import { CreateKeyDialog, NewKeyDialog } from './integration-key-dialogs';
import { useCreateThenReveal } from '../lib/use-create-then-reveal';

function KeyRow({ apiKey, onRevoke }: { apiKey: TIntegrationKey; onRevoke: () => void }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary">
          <KeyRound className="size-4" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{apiKey.name}</p>
          <p className="font-mono text-xs text-slate-600">{apiKey.prefix}…</p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:w-[22rem]">
        <dt className="text-xs uppercase tracking-wide text-slate-500">Created</dt>
        <dt className="text-xs uppercase tracking-wide text-slate-500">Last used</dt>
        <dd className="text-slate-800">{formatDateTime(apiKey.createdAt)}</dd>
        <dd className="text-slate-800" data-testid="key-last-used">
          {apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : 'Never'}
        </dd>
      </dl>
      <Button
        variant="ghost"
        className="self-start text-red-700 hover:bg-red-50 hover:text-red-800 sm:self-center"
        onClick={onRevoke}
        aria-label={`Revoke ${apiKey.name}`}
      >
        <Trash2 aria-hidden /> Revoke
      </Button>
    </li>
  );
}

/** Keys that let servers send leads to POST /api/contacts (Authorization: Bearer <key>). */
export function IntegrationKeysPage() {
  const utils = trpc.useUtils();
  const keys = trpc.admin.integrationKeys.list.useQuery();
  const revoke = trpc.admin.integrationKeys.delete.useMutation(
    notifyWrite('API key revoked', 'Failed to revoke the key', () =>
      utils.admin.integrationKeys.list.invalidate(),
    ),
  );
  const newKey = useCreateThenReveal<TIntegrationKeyCreated>();
  const [revoking, setRevoking] = useState<TIntegrationKey | null>(null);
  const limit = trpc.admin.security.settings.useQuery().data?.integrationKeyHourlyLimit;
  const all = keys.data ?? [];
  const createButton = (
    <Button onClick={newKey.start}>
      <Plus aria-hidden /> Create API Key
    </Button>
  );

  return (
    <>
      <ListPage
        title="API Keys"
        subtitle="Let your own systems send leads to POST /api/contacts, no browser needed"
        actions={createButton}
        total={{ testId: 'keys-total', count: all.length, noun: all.length === 1 ? 'key' : 'keys' }}
        summary={
          <p className="text-sm text-slate-600">
            Each key may send{' '}
            {limit === undefined ? 'a limited number of' : `up to ${formatNumber(limit)}`} leads per
            hour (Security › Protection Settings). The content filter applies as on the website, and
            leads arrive with source <code className="font-mono">api</code>.
          </p>
        }
        query={keys}
        items="API keys"
        empty={{
          title: 'No API Keys Yet',
          hint: 'Create a key for each system that submits leads, such as your CRM or a form tool.',
          action: createButton,
        }}
      >
        <ul className="grid grid-cols-1 gap-3" aria-label="API keys">
          {all.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={() => setRevoking(apiKey)} />
          ))}
        </ul>
      </ListPage>
      {newKey.creating && <CreateKeyDialog onClose={newKey.cancel} onCreated={newKey.reveal} />}
      {newKey.created && <NewKeyDialog created={newKey.created} onClose={newKey.dismiss} />}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        title="Revoke API key?"
        description={`Requests with "${revoking?.name ?? ''}" (${revoking?.prefix ?? ''}…) will be refused at once. This cannot be undone.`}
        confirmLabel="Revoke Key"
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
      />
    </>
  );
}
