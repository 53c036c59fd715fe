import { keepPreviousData } from '@tanstack/react-query';
import {
  SECURITY_EVENT_TYPES,
  type TSecurityEventType,
  type TSeverity,
  SEVERITIES,
} from '../../../shared/security.schema';
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
import { FilterSelect } from '../components/filter-select';
import { LoadingState } from '../components/page-states';
import { capitalize, formatDateTime } from '../lib/format';
import { priorityTone } from '../lib/status-styles';
import { useFilter } from '../lib/use-filter';
import { optionsOf, withAll } from '../components/filter-options';

const typeLabel = (t: string) => t.split('_').map(capitalize).join(' ');
const TYPE_OPTIONS = withAll('All events', optionsOf(SECURITY_EVENT_TYPES, typeLabel));
const SEVERITY_OPTIONS = withAll('All severities', optionsOf(SEVERITIES));

export function SecurityLogPanel() {
  const [type, typeControl] = useFilter<TSecurityEventType | 'all'>('all');
  const [severity, severityControl] = useFilter<TSeverity | 'all'>('all');
  const events = trpc.admin.security.events.useInfiniteQuery(
    {
      type: type === 'all' ? undefined : type,
      severity: severity === 'all' ? undefined : severity,
      limit: 10,
    },
    { getNextPageParam: (last) => last.nextCursor ?? undefined, placeholderData: keepPreviousData },
  );
  const items = events.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Security Logs</CardTitle>
        <CardDescription>
          Blocked and suspicious requests, newest first; repeats from one network within a minute
          are counted in one entry
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-col gap-2 sm:flex-row">
          <FilterSelect label="Filter by event type" {...typeControl} options={TYPE_OPTIONS} />
          <FilterSelect
            label="Filter by severity"
            {...severityControl}
            options={SEVERITY_OPTIONS}
          />
        </div>
        {events.isPending ? (
          <LoadingState text="Loading security logs..." />
        ) : events.isError ? (
          <p className="py-6 text-center text-sm text-slate-600">
            No security events yet. Blocked submissions will be listed here.
          </p>
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">No security events match.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Security events">
            {items.map((e) => (
              <li key={e.id} className="py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm font-semibold text-slate-900">{typeLabel(e.type)}</span>
                  <Badge tone={priorityTone(e.severity)}>{capitalize(e.severity)}</Badge>
                  {e.count > 1 && (
                    <span
                      className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium tabular-nums text-slate-700"
                      title={`${e.count} requests from this network in one minute, last at ${formatDateTime(e.lastSeenAt)}`}
                    >
                      ×{e.count.toLocaleString('en-US')}
                    </span>
                  )}
                  <span className="ml-auto text-xs tabular-nums text-slate-500">
                    {formatDateTime(e.timestamp)}
                  </span>
                </div>
                <p className="mt-1 text-sm text-slate-700">{e.details}</p>
                <p className="mt-0.5 truncate text-xs text-slate-500">
                  {e.ip} · {e.userAgent}
                </p>
              </li>
            ))}
          </ul>
        )}
        {events.hasNextPage && (
          <Button
            variant="secondary"
            onClick={() => void events.fetchNextPage()}
            disabled={events.isFetchingNextPage}
          >
            {events.isFetchingNextPage ? 'Loading...' : 'View All Logs'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
