import type { TWebhookDelivery } from '../../../shared/webhooks.schema';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { trpc } from '../../lib/trpc';
import { EmptyState, ErrorState, LoadingState } from '../components/page-states';
import { formatDateTime } from '../lib/format';
import { notifyRetry } from '../lib/notify';
import { RetryButton } from '../components/retry-button';

const STATUS: Record<TWebhookDelivery['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'blue' },
  succeeded: { label: 'Succeeded', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

function DeliveryRetry({ delivery }: { delivery: TWebhookDelivery }) {
  const utils = trpc.useUtils();
  const retry = trpc.admin.webhooks.retryDelivery.useMutation(
    notifyRetry('delivery', () =>
      Promise.all([
        utils.admin.webhooks.deliveries.invalidate({ id: delivery.webhookId }),
        utils.admin.webhooks.failedCount.invalidate(),
      ]),
    ),
  );
  return (
    <RetryButton
      pending={retry.isPending}
      onRetry={() => retry.mutate({ id: delivery.webhookId, deliveryId: delivery.id })}
    />
  );
}

const HEADERS = ['Event', 'Status', 'Attempts', 'Response', 'Duration', 'Time', ''];

// A table from sm up; on a phone each row wraps into a short block and the cells name themselves.
const CELL = 'py-2 pr-3 max-sm:p-0';
const LABELLED = `${CELL} tabular-nums max-sm:before:mr-1 max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]`;

function DeliveryRow({ delivery: d }: { delivery: TWebhookDelivery }) {
  const status = STATUS[d.status];
  return (
    <tr
      data-testid="webhook-delivery"
      className="align-top max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:py-3"
    >
      <td className={`${CELL} font-mono text-xs text-slate-800 max-sm:w-full`}>{d.event}</td>
      <td className={`${CELL} max-sm:w-full`}>
        <Badge tone={status.tone}>{status.label}</Badge>
        {d.lastError && (
          <p className="mt-1 max-w-xs wrap-anywhere text-xs text-red-700">{d.lastError}</p>
        )}
        {d.nextAttemptAt && (
          <p className="mt-1 text-xs text-slate-600">Next try {formatDateTime(d.nextAttemptAt)}</p>
        )}
      </td>
      <td className={LABELLED} data-label="Attempts">
        {d.attempts}
      </td>
      <td className={LABELLED} data-label="Response">
        {d.responseStatus ?? '—'}
      </td>
      <td className={LABELLED} data-label="Duration">
        {d.durationMs === null ? '—' : `${d.durationMs} ms`}
      </td>
      <td className={`${CELL} whitespace-nowrap tabular-nums text-slate-600`}>
        {formatDateTime(d.createdAt)}
      </td>
      <td className="py-2 text-right max-sm:p-0">
        {d.status === 'failed' && <DeliveryRetry delivery={d} />}
      </td>
    </tr>
  );
}

/** An endpoint's latest deliveries, newest first, refreshed every 5 s while open. */
export function WebhookDeliveries({ webhookId }: { webhookId: number }) {
  const deliveries = trpc.admin.webhooks.deliveries.useQuery(
    { id: webhookId, limit: 50 },
    { refetchInterval: 5000 },
  );
  if (deliveries.isPending) return <LoadingState text="Loading deliveries..." />;
  if (deliveries.isError)
    return <ErrorState title="Failed to load the deliveries" message={deliveries.error.message} />;
  if (deliveries.data.length === 0)
    return (
      <EmptyState
        title="No deliveries yet"
        hint="Each subscribed event for this endpoint appears here, with its attempts."
      />
    );
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-sm sm:min-w-[40rem]" aria-label="Deliveries">
        <thead className="max-sm:sr-only">
          <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            {HEADERS.map((h, i) => (
              <th key={i} scope="col" className="py-2 pr-3 font-semibold">
                {h || <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-sm:block">
          {deliveries.data.map((d) => (
            <DeliveryRow key={d.id} delivery={d} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
