import { describe, expect, it } from 'vitest';
import type { TAnalyticsSummary } from '../../shared/analytics.schema';
import { useSignedIn, useTestApp } from '../test/use-test-app';

// Speed to lead, leads by source and email deliveries in GET /api/analytics, from rows with
// known timestamps.
const t = useTestApp();
const admin = useSignedIn(t, 'admin');

const sql = (query: string, params: unknown[] = []) =>
  t.db.orm.em.getConnection().execute(query, params);

/** A lead created at `created` (ISO) and first answered `minutes` later (null: not yet). */
async function lead(
  created: string,
  minutes: number | null,
  extra: { source?: string; utmCampaign?: string } = {},
) {
  const answered =
    minutes === null ? null : new Date(Date.parse(created) + minutes * 60_000).toISOString();
  await sql(
    `insert into contacts (name, email, status, source, utm_campaign, created_at, updated_at, first_responded_at)
     values ('L', 'l@x.io', ?, ?, ?, ?, ?, ?)`,
    [
      answered ? 'contacted' : 'new',
      extra.source ?? 'website',
      extra.utmCampaign ?? null,
      created,
      created,
      answered,
    ],
  );
}

/** The most recent Monday (UTC) at least a week back, at hh:mm. */
function lastMonday(hh: number, mm = 0): string {
  const d = new Date(Date.now() - 7 * 86_400_000);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  d.setUTCHours(hh, mm, 0, 0);
  return d.toISOString();
}

const friday = (hh: number, mm = 0) =>
  new Date(Date.parse(lastMonday(hh, mm)) + 4 * 86_400_000).toISOString();

describe('speed to lead in GET /api/analytics', () => {
  it('gives median and p90 minutes and the shares answered within 5 minutes and 1 business hour', async () => {
    // Answered after 1, 2, 3, 4, 10, 20, 30, 40, 50 and 600 minutes; one not answered yet.
    for (const minutes of [1, 2, 3, 4, 10, 20, 30, 40, 50, 600])
      await lead(lastMonday(10), minutes, { utmCampaign: minutes < 5 ? 'spring' : undefined });
    await lead(lastMonday(10), null, { source: 'api' });

    const res = await admin.rest<TAnalyticsSummary>('GET', '/analytics');
    expect(res.status).toBe(200);
    expect(res.body.days).toBe(30);
    // percentile_cont: median of 10 values is the mean of the 5th and 6th (10, 20); p90 between 50 and 600.
    expect(res.body.speedToLead).toEqual({
      medianMinutes: 15,
      p90Minutes: 105,
      within5MinutesPct: 40,
      // 10:00 + 600 min = 20:00, seven business hours later; the other nine within the hour.
      within1BusinessHourPct: 90,
      sample: 10,
    });
    expect(res.body.leadsBySource).toEqual([
      { source: 'website', utmCampaign: null, count: 6 },
      { source: 'website', utmCampaign: 'spring', count: 4 },
      { source: 'api', utmCampaign: null, count: 1 },
    ]);
    const viaTrpc = await admin.trpc.analytics.summary.query();
    expect(viaTrpc.speedToLead).toEqual(res.body.speedToLead);
  });

  it('counts only business time: Friday 16:30 to Monday 09:20 is 50 minutes', async () => {
    const monday = new Date(Date.parse(friday(16, 30)) + 3 * 86_400_000);
    monday.setUTCHours(9, 20, 0, 0);
    await lead(friday(16, 30), (monday.getTime() - Date.parse(friday(16, 30))) / 60_000);
    await lead(friday(15, 0), 125); // 17:05: two business hours
    const { body } = await admin.rest<TAnalyticsSummary>('GET', '/analytics');
    expect(body.speedToLead).toMatchObject({ within1BusinessHourPct: 50, sample: 2 });
  });

  it('covers the chosen period and says so; nothing answered gives null minutes', async () => {
    await lead(new Date(Date.now() - 20 * 86_400_000).toISOString(), 3);
    await lead(new Date(Date.now() - 86_400_000).toISOString(), null);
    const week = await admin.rest<TAnalyticsSummary>('GET', '/analytics?days=7');
    expect(week.body.days).toBe(7);
    expect(week.body.speedToLead).toEqual({
      medianMinutes: null,
      p90Minutes: null,
      within5MinutesPct: 0,
      within1BusinessHourPct: 0,
      sample: 0,
    });
    expect(week.body.leadsBySource).toEqual([{ source: 'website', utmCampaign: null, count: 1 }]);
    const month = await admin.trpc.analytics.summary.query({ days: 30 });
    expect(month.speedToLead).toMatchObject({ medianMinutes: 3, sample: 1 });
    const bad = await admin.rest<{ message: string }>('GET', '/analytics?days=8');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('days: days must be 7, 30 or 90');
  });

  it('counts lead emails sent and failed in the period', async () => {
    for (const [kind, status] of [
      ['alert', 'sent'],
      ['alert', 'sent'],
      ['alert', 'failed'],
      ['auto_reply', 'sent'],
      ['auto_reply', 'queued'],
    ])
      await sql(
        `insert into notification_messages (kind, "to", subject, text, html, status) values (?, 'a@x.io', 's', 't', 'h', ?)`,
        [kind, status],
      );
    const { body } = await admin.rest<TAnalyticsSummary>('GET', '/analytics');
    expect(body.emailDeliveries).toEqual({
      alerts: { sent: 2, failed: 1 },
      autoReplies: { sent: 1, failed: 0 },
    });
  });
});
