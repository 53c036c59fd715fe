import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSecurityPeriod, TSecurityStats } from '../../shared/security.schema';
import { typedSql } from '../db/typed-sql';
import { CleanSubmissionHour } from './clean-submission.entity';
import { SecurityEvent } from './security-event.entity';
import { pageViewDay } from '../web-analytics/web-analytics.service';

export const PERIOD_HOURS: Record<TSecurityPeriod, number> = {
  '24h': 24,
  '7d': 24 * 7,
  '30d': 24 * 30,
};

/** Hour the counter row of a clean submission belongs to. */
export function hourOf(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 3_600_000) * 3_600_000);
}

/**
 * Counts `count` accepted submissions (call inside their transaction), on this
 * connection's own row: concurrent leads on other connections, on any instance, update others.
 */
export async function countCleanSubmissions(
  em: EntityManager,
  count: number,
  now = new Date(),
): Promise<void> {
  await typedSql(em, [CleanSubmissionHour])
    .insertInto('security_clean_submissions')
    .values(({ fn }) => ({ hour: hourOf(now), shard: fn<number>('pg_backend_pid', []), count }))
    .onConflict((conflict) =>
      conflict
        .columns(['hour', 'shard'])
        .doUpdateSet((eb) => ({ count: eb('security_clean_submissions.count', '+', count) })),
    )
    .execute();
}

/**
 * The Security Center tiles over a period, from the contact-form events and the clean-submission
 * counters. Clean counters are hourly, so the period's first hour counts whole.
 */
export async function securityStats(
  em: EntityManager,
  period: TSecurityPeriod,
  now = new Date(),
): Promise<TSecurityStats> {
  const since = new Date(now.getTime() - PERIOD_HOURS[period] * 3_600_000);
  const db = typedSql(em, [SecurityEvent, CleanSubmissionHour]);
  const today = now.toISOString().slice(0, 10);
  const [events, clean, pageViews] = await Promise.all([
    db
      .selectFrom('security_events')
      .select(({ fn }) => ['type', fn.sum('count').as('count')])
      .where('scope', 'in', ['contact_form', 'booking'])
      .where('created_at', '>=', since.toISOString())
      .groupBy('type')
      .execute(),
    db
      .selectFrom('security_clean_submissions')
      .select(({ fn }) => fn.sum('count').as('total'))
      .where('hour', '>=', hourOf(since).toISOString())
      .execute(),
    pageViewDay(em, today),
  ]);
  const byType = (type: string) => Number(events.find((e) => e.type === type)?.count ?? 0);
  const honeypotTriggers = byType('honeypot_triggered');
  const botDetections = byType('bot_detected');
  const rateLimited = byType('rate_limit');
  const suspiciousSubmissions = byType('suspicious_submission');
  const blockedThreats = honeypotTriggers + botDetections + rateLimited + suspiciousSubmissions;
  const cleanSubmissions = Number(clean[0]?.total ?? 0);
  const all = blockedThreats + cleanSubmissions;
  return {
    period,
    blockedThreats,
    rateLimited,
    botDetections,
    honeypotTriggers,
    suspiciousSubmissions,
    cleanSubmissions,
    cleanSubmissionsPercent: all === 0 ? 100 : Math.round((cleanSubmissions / all) * 100),
    refusedBookings: byType('booking_refused'),
    pageViewsToday: { day: today, views: 0, dropped: 0, capped: [], ...pageViews },
  };
}

/** Deletes the clean-submission counters of hours before `cutoff`; returns how many. */
export async function pruneCleanSubmissionCounters(
  em: EntityManager,
  cutoff: Date,
): Promise<number> {
  const { numDeletedRows } = await typedSql(em, [CleanSubmissionHour])
    .deleteFrom('security_clean_submissions')
    .where('hour', '<', cutoff.toISOString())
    .executeTakeFirstOrThrow();
  return Number(numDeletedRows);
}
