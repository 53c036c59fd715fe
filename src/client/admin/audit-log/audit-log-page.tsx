import { Download } from 'lucide-react';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from '../../../shared/audit.schema';
import { Button } from '../../components/ui/button';
import { trpc } from '../../lib/trpc';
import { toast } from '../../lib/use-toast';
import { FilterSelect } from '../components/filter-select';
import { LoadMore } from '../components/load-more';
import { ListPage } from '../components/list-page';
import { useTeam } from '../contacts/use-team';
import { downloadCsv } from '../lib/download-csv';
import { AuditEntryCard } from './audit-entry-card';
import { capitalize } from '../lib/format';
import { useFilter } from '../lib/use-filter';
import { memberOptions, optionsOf, withAll } from '../components/filter-options';

/** 'security_settings' -> 'Security settings'. */
const sentenceCase = (value: string) => capitalize(value.replace(/_/g, ' '));

const ENTITY_OPTIONS = withAll('All Entities', optionsOf(AUDIT_ENTITY_TYPES, sentenceCase));

const ACTION_OPTIONS = withAll('All Actions', optionsOf(AUDIT_ACTIONS, sentenceCase));

const orUndefined = (v: string) => (v === 'all' ? undefined : v);

/** Who changed what: filters by user, entity and action, pages by cursor, exports CSV. */
export function AuditLogPage() {
  const [actor, actorControl] = useFilter('all');
  const [entityType, entityTypeControl] = useFilter('all');
  const [action, actionControl] = useFilter('all');
  const { assignable } = useTeam();
  const filter = {
    actorId: actor === 'all' ? undefined : Number(actor),
    entityType: orUndefined(entityType),
    action: AUDIT_ACTIONS.find((a) => a === action),
  };
  const pages = trpc.admin.auditLog.list.useInfiniteQuery(
    { ...filter, limit: 50 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  const entries = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = actor !== 'all' || entityType !== 'all' || action !== 'all';

  async function exportCsv() {
    try {
      const day = new Date().toISOString().slice(0, 10);
      await downloadCsv(
        '/api/audit-log/export/csv',
        {
          actorId: filter.actorId?.toString(),
          entityType: filter.entityType,
          action: filter.action,
        },
        `audit-log-${day}.csv`,
      );
      toast({ title: 'Success', description: 'Audit log exported' });
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to export the audit log',
        variant: 'destructive',
      });
    }
  }

  return (
    <ListPage
      title="Audit Log"
      subtitle="Who changed what, when, and from where"
      actions={
        <Button variant="secondary" onClick={exportCsv}>
          <Download aria-hidden /> Export CSV
        </Button>
      }
      total={{ testId: 'audit-shown', count: entries.length, label: 'Shown', noun: 'entries' }}
      toolbar={
        <>
          <FilterSelect
            label="Filter by user"
            {...actorControl}
            options={withAll('All Users', memberOptions(assignable))}
          />
          <FilterSelect label="Filter by entity" {...entityTypeControl} options={ENTITY_OPTIONS} />
          <FilterSelect label="Filter by action" {...actionControl} options={ACTION_OPTIONS} />
        </>
      }
      query={pages}
      items="audit log"
      errorTitle="The audit log could not be loaded"
      // Filtered, an empty page is "no match" (entries exist, none of these); unfiltered, "none yet".
      filtered={filtered}
      empty={{
        title: 'No Entries Yet',
        hint: 'Changes made in the back office will be listed here.',
      }}
      noMatch={{ title: 'No Matching Entries', hint: 'Try other filters' }}
    >
      <ol className="space-y-3" aria-label="Audit log entries">
        {entries.map((entry) => (
          <li key={entry.id}>
            <AuditEntryCard entry={entry} />
          </li>
        ))}
      </ol>
      <LoadMore pages={pages} />
    </ListPage>
  );
}
