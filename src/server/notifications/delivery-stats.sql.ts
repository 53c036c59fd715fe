import type { EntityManager } from '@mikro-orm/postgresql';
import type { TDeliveryCounts } from '../../shared/analytics.schema';

/** Lead emails created in the last `days` days that were sent, or failed for good, by kind. */
export async function emailDeliveryCounts(
  em: EntityManager,
  days: number,
): Promise<TDeliveryCounts> {
  const rows = await em.execute<{ kind: string; status: string; count: string }[]>(
    `select kind, status, count(*) as count from notification_messages
      where created_at >= now() - make_interval(days => ?) and status in ('sent', 'failed')
      group by kind, status`,
    [days],
  );
  const count = (kind: string, status: string) =>
    Number(rows.find((r) => r.kind === kind && r.status === status)?.count ?? 0);
  return {
    alerts: { sent: count('alert', 'sent'), failed: count('alert', 'failed') },
    autoReplies: { sent: count('auto_reply', 'sent'), failed: count('auto_reply', 'failed') },
  };
}
