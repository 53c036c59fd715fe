import { CheckCircle2, Trash2 } from 'lucide-react';
import { LoadMore } from '../components/load-more';
import { useState } from 'react';
import type { TQuarantinedSubmission } from '../../../shared/quarantine.schema';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../components/confirm-dialog';
import { InlineLoadError, LoadingState } from '../components/page-states';
import { SearchInput } from '../components/search-input';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { formatDateTime } from '../lib/format';
import { notifyError, notifySuccess, notifyWrite } from '../lib/notify';

/** One held submission: why, who, what they wrote (expandable), from where, and the actions. */
function QuarantineItem({
  item,
  busy,
  onRelease,
  onDelete,
}: {
  item: TQuarantinedSubmission;
  busy: boolean;
  onRelease: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="quarantine-item">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="yellow" className="whitespace-normal">
          {item.reason}
        </Badge>
        <span className="text-xs text-slate-600">
          {formatDateTime(item.createdAt)} · {item.source} · {item.ip ?? 'unknown IP'}
        </span>
      </div>
      <p className="mt-2 text-sm font-medium text-slate-900">
        {item.name} <span className="font-normal text-slate-600">&lt;{item.email}&gt;</span>
        {item.company && <span className="font-normal text-slate-600"> · {item.company}</span>}
      </p>
      <details className="mt-1 text-sm text-slate-700">
        <summary className="cursor-pointer truncate">{item.message}</summary>
        <p className="mt-1 whitespace-pre-wrap wrap-anywhere">{item.message}</p>
      </details>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={busy} onClick={onRelease}>
          <CheckCircle2 aria-hidden /> Release
        </Button>
        <Button size="sm" variant="ghost" disabled={busy} onClick={onDelete}>
          <Trash2 aria-hidden /> Delete
        </Button>
      </div>
    </li>
  );
}

/**
 * Submissions only the content filter objected to, kept 30 days: Release makes a normal lead
 * (with its alerts), Delete drops it after confirmation.
 */
export function QuarantinePanel() {
  const [reason, setReason] = useState('');
  const filter = useDebouncedValue(reason.trim());
  const pages = trpc.admin.quarantine.list.useInfiniteQuery(
    { limit: 20, reason: filter || undefined },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const total = pages.data?.pages[0]?.total;
  const utils = trpc.useUtils();
  const [deleting, setDeleting] = useState<TQuarantinedSubmission | null>(null);
  const refresh = () =>
    Promise.all([utils.admin.quarantine.invalidate(), utils.admin.contacts.invalidate()]);
  const release = trpc.admin.quarantine.release.useMutation({
    onSuccess: (contact) => notifySuccess(`${contact.name} released to Contacts`),
    onError: (e) => notifyError('Failed to release the submission', e),
    onSettled: refresh,
  });
  const remove = trpc.admin.quarantine.delete.useMutation(
    notifyWrite('Quarantined submission deleted', 'Failed to delete the submission', refresh),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Quarantine{total === undefined ? '' : ` (${total})`}</CardTitle>
        <CardDescription>
          Submissions the content filter or the hourly limit held back instead of losing them.
          Release the genuine ones; the rest expire after 30 days.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <SearchInput label="Filter by reason" value={reason} onChange={setReason} />
        {pages.isPending ? (
          <LoadingState text="Loading quarantine..." />
        ) : pages.isError ? (
          <InlineLoadError what="The quarantine" message={pages.error.message} />
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">
            {filter ? 'No held submission matches this reason.' : 'Nothing in quarantine.'}
          </p>
        ) : (
          <>
            <p className="text-xs text-slate-600" data-testid="quarantine-shown">
              Showing {items.length} of {total}
            </p>
            <ul className="space-y-3" aria-label="Quarantined submissions">
              {items.map((item) => (
                <QuarantineItem
                  key={item.id}
                  item={item}
                  busy={release.isPending || remove.isPending}
                  onRelease={() => release.mutate({ id: item.id })}
                  onDelete={() => setDeleting(item)}
                />
              ))}
            </ul>
            <LoadMore pages={pages} className="" />
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this submission?"
        description={`The submission from ${deleting?.email ?? ''} will be deleted for good.`}
        confirmLabel="Delete submission"
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </Card>
  );
}
