import {
  NOTIFICATION_KIND_LABELS,
  type TOutboxMessage,
} from '../../../shared/notifications.schema';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { trpc } from '../../lib/trpc';
import { EmptyState } from '../components/page-states';
import { QueryState } from '../components/query-state';
import { formatDateTime } from '../lib/format';
import { notifyRetry } from '../lib/notify';
import { RetryButton } from '../components/retry-button';

const STATUS: Record<TOutboxMessage['status'], { label: string; tone: BadgeTone }> = {
  queued: { label: 'Queued', tone: 'blue' },
  sent: { label: 'Sent', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  not_configured: { label: 'Not configured', tone: 'gray' },
  suppressed: { label: 'Held back', tone: 'yellow' },
};

function MessageRetry({ id }: { id: number }) {
  const utils = trpc.useUtils();
  const retry = trpc.admin.notifications.retry.useMutation(
    notifyRetry('message', () => utils.admin.notifications.outbox.invalidate()),
  );
  return <RetryButton pending={retry.isPending} onRetry={() => retry.mutate({ id })} />;
}

function OutboxRow({ message }: { message: TOutboxMessage }) {
  const status = STATUS[message.status];
  const canRetry = message.status === 'failed' || message.status === 'not_configured';
  return (
    <li className="py-3" data-testid="outbox-message">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={status.tone}>{status.label}</Badge>
        <Badge tone={message.kind === 'alert' ? 'indigo' : 'purple'}>
          {NOTIFICATION_KIND_LABELS[message.kind]}
        </Badge>
        <span className="text-xs text-slate-600">{formatDateTime(message.createdAt)}</span>
        {canRetry && (
          <span className="ml-auto">
            <MessageRetry id={message.id} />
          </span>
        )}
      </div>
      <p className="mt-1 truncate text-sm font-medium text-slate-900">{message.subject}</p>
      <p className="truncate text-xs text-slate-600">
        To {message.to} · {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
        {message.sentAt && ` · sent ${formatDateTime(message.sentAt)}`}
        {!message.sentAt && message.sendAfter && ` · due ${formatDateTime(message.sendAfter)}`}
      </p>
      {message.lastError && (
        <p className="mt-1 wrap-anywhere text-xs text-red-700">
          {message.status === 'suppressed' ? 'Not sent: ' : 'Last error: '}
          {message.lastError}
        </p>
      )}
    </li>
  );
}

export function OutboxPanel() {
  const outbox = trpc.admin.notifications.outbox.useQuery({ limit: 50 }, { refetchInterval: 5000 });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Outbox</CardTitle>
        <CardDescription>Every lead email, newest first, and what became of it</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={outbox}
          loadingText="Loading outbox..."
          errorTitle="Failed to load the outbox"
        >
          {(messages) =>
            messages.length === 0 ? (
              <EmptyState
                title="No emails yet"
                hint="Alerts and auto-replies appear here as leads come in."
              />
            ) : (
              <ul className="divide-y divide-slate-100">
                {messages.map((m) => (
                  <OutboxRow key={m.id} message={m} />
                ))}
              </ul>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}
