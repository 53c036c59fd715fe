import { Link } from 'wouter';
import type { TAuditEntry } from '../../../shared/audit.schema';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { formatDateTime } from '../lib/format';

const label = (snake: string) => snake.replace(/_/g, ' ');

function toneOf(action: string): BadgeTone {
  if (action === 'login_failed' || action.startsWith('delete')) return 'red';
  if (action === 'create' || action === 'login') return 'green';
  if (action === 'logout') return 'gray';
  return 'blue';
}

/** A value as one short line: text as is, anything else as JSON. */
function show(value: unknown): string {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/** One audit entry: what was done to which entity, by whom, when, the changes, and from where. */
export function AuditEntryCard({ entry }: { entry: TAuditEntry }) {
  const entity = `${label(entry.entityType)}${entry.entityId ? ` #${entry.entityId}` : ''}`;
  const changes = Object.entries(entry.changes ?? {});
  return (
    <Card className="p-4" data-testid="audit-entry">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <Badge tone={toneOf(entry.action)}>{label(entry.action)}</Badge>
        {entry.entityType === 'contact' && entry.entityId ? (
          <Link
            href={`/contacts?contact=${entry.entityId}`}
            className="font-medium text-primary hover:underline"
          >
            {entity}
          </Link>
        ) : (
          <span className="font-medium text-slate-900">{entity}</span>
        )}
        <span className="text-slate-600">
          by {entry.actor ? entry.actor.username : 'system'}
          {entry.actor && entry.actor.id === null ? ' (no account)' : ''}
        </span>
        <time className="ml-auto text-xs tabular-nums text-slate-600" dateTime={entry.at}>
          {formatDateTime(entry.at)}
        </time>
      </div>
      {changes.length > 0 && (
        <dl className="mt-2 space-y-0.5 text-xs text-slate-700">
          {changes.map(([field, change]) => (
            <div key={field} className="flex flex-wrap gap-x-1.5">
              <dt className="font-medium text-slate-900">{field}:</dt>
              <dd className="min-w-0 break-all">
                {'from' in change && (
                  <>
                    <span className="text-slate-500 line-through decoration-slate-400">
                      {show(change.from)}
                    </span>
                    <span aria-hidden> → </span>
                    <span className="sr-only"> changed to </span>
                  </>
                )}
                {show(change.to)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {(entry.ip || entry.userAgent) && (
        <p className="mt-2 truncate text-xs text-slate-500" title={entry.userAgent ?? undefined}>
          {entry.ip}
          {entry.userAgent ? ` · ${entry.userAgent}` : ''}
        </p>
      )}
    </Card>
  );
}
