import type { EntityManager } from '@mikro-orm/postgresql';
import type { TDeliveryCounts } from '../../shared/analytics.schema';
import type { ReportPeriod } from '../../shared/report-period';
import { typedSql } from '../db/typed-sql';
import { Notification } from './notification.entity';

/** Lead emails created in the period that were sent, or failed for good, by kind. */
export async function emailDeliveryCounts(
  em: EntityManager,
  { start }: ReportPeriod,
): Promise<TDeliveryCounts> {
  const rows = await typedSql(em, [Notification])
    .selectFrom('notification_messages')
    .select(({ fn }) => ['kind', 'status', fn.countAll().as('count')])
    .where('created_at', '>=', start.toISOString())
    .where('status', 'in', ['sent', 'failed'])
    .groupBy(['kind', 'status'])
    .execute();
  const count = (kind: string, status: string) =>
    Number(rows.find((r) => r.kind === kind && r.status === status)?.count ?? 0);
  return {
    alerts: { sent: count('alert', 'sent'), failed: count('alert', 'failed') },
    autoReplies: { sent: count('auto_reply', 'sent'), failed: count('auto_reply', 'failed') },
  };
}
