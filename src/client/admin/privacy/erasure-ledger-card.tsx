import { Eraser } from 'lucide-react';
import { useState } from 'react';
import type { TErasureLedgerEntry } from '../../../shared/privacy.schema';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { trpc } from '../../lib/trpc';
import { LoadMore } from '../components/load-more';
import { QueryState } from '../components/query-state';
import { formatDateTime, formatNumber } from '../lib/format';
import { ErasePersonDialog, erasedSummary } from './erase-person-dialog';

const TRIGGER_LABELS: Record<TErasureLedgerEntry['trigger'], string> = {
  request: 'Request',
  retention: 'Retention',
  reapply: 'Reapplied after a restore',
};

function LedgerEntry({ entry }: { entry: TErasureLedgerEntry }) {
  const addresses = entry.addressHashes.length;
  return (
    <li className="rounded-lg border border-slate-200 p-4 text-sm">
      <p className="font-medium text-slate-900">
        {formatDateTime(entry.erasedAt)} · {TRIGGER_LABELS[entry.trigger]}
        {addresses > 1 && ` · ${formatNumber(addresses)} addresses`}
      </p>
      <p className="mt-1 text-slate-600">
        By {entry.actor?.username ?? 'the product'}: {entry.reason}
      </p>
      <p className="mt-2 text-slate-800">{erasedSummary(entry)}</p>
      <p className="mt-2 truncate font-mono text-xs text-slate-500" title={entry.addressHashes[0]}>
        Hash {entry.addressHashes[0]?.slice(0, 16)}…
      </p>
    </li>
  );
}

/** "Erase me": erase by address, and the ledger of every erasure (hashes, never addresses). */
export function ErasureLedgerCard() {
  const [erasing, setErasing] = useState(false);
  const pages = trpc.admin.privacy.erasures.useInfiniteQuery(
    { limit: 20 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Erasures</CardTitle>
        <CardDescription>
          Erase everything held about an address (a contact&apos;s page offers it too). The ledger
          keeps a one-way hash of each address, never the address; after a restore from a backup the
          server erases again what it names.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button variant="secondary" onClick={() => setErasing(true)}>
          <Eraser aria-hidden /> Erase a person…
        </Button>
        {erasing && <ErasePersonDialog onClose={() => setErasing(false)} />}
        <QueryState query={pages} loadingText="Loading the ledger..." errorTitle="Failed to load">
          {(data) => {
            const entries = data.pages.flatMap((p) => p.items);
            return entries.length ? (
              <ol className="space-y-3" aria-label="Erasure ledger">
                {entries.map((e) => (
                  <LedgerEntry key={e.id} entry={e} />
                ))}
              </ol>
            ) : (
              <p className="text-sm text-slate-600">No one has been erased yet.</p>
            );
          }}
        </QueryState>
        <LoadMore pages={pages} />
      </CardContent>
    </Card>
  );
}
