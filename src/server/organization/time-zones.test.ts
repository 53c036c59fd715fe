import { describe, expect, it } from 'vitest';
import type { TAnalyticsSummary } from '../../shared/analytics.schema';
import { dayInZone, startOfDayInZone } from '../../shared/time-zone';
import { useSignedIn, useTestApp } from '../test/use-test-app';

// The company's time zone (GET|PUT /api/settings/organization) and each user's
// (GET|PUT /api/account/time-zone, and auth.me), over both transports.
const t = useTestApp();
const admin = useSignedIn(t, 'admin');

const sql = (query: string, params: unknown[] = []) =>
  t.db.orm.em.getConnection().execute(query, params);

/** A lead created at `at` (and first answered `minutes` later). */
async function lead(at: Date, minutes?: number) {
  const answered = minutes === undefined ? null : new Date(at.getTime() + minutes * 60_000);
  await sql(
    `insert into contacts (name, email, status, source, created_at, updated_at, first_responded_at)
     values ('L', 'l@x.io', ?, 'website', ?, ?, ?)`,
    [
      answered ? 'contacted' : 'new',
      at.toISOString(),
      at.toISOString(),
      answered?.toISOString() ?? null,
    ],
  );
}

const countOn = (body: TAnalyticsSummary, day: string) =>
  body.contactsPerDay.find((d) => d.date === day)?.count;

describe('the company time zone: GET|PUT /api/settings/organization', () => {
  it('is UTC until an admin changes it, over REST and tRPC, and the change is audited', async () => {
    const get = await admin.rest('GET', '/settings/organization');
    expect(get.status).toBe(200);
    expect(get.body).toEqual({ timeZone: 'UTC' });
    expect(await admin.trpc.admin.organization.settings.query()).toEqual({ timeZone: 'UTC' });

    const put = await admin.rest('PUT', '/settings/organization', { timeZone: 'America/New_York' });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ timeZone: 'America/New_York' });
    // Spelled as the zone database spells it.
    expect(
      await admin.trpc.admin.organization.updateSettings.mutate({ timeZone: 'europe/berlin' }),
    ).toEqual({ timeZone: 'Europe/Berlin' });
    expect((await admin.rest('GET', '/settings/organization')).body).toEqual({
      timeZone: 'Europe/Berlin',
    });
    const audit = await sql(
      `select action, entity_type, changes from audit_log where entity_type = 'organization_settings' order by id`,
    );
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({ action: 'update_settings' });
    expect(JSON.stringify(audit[1]!.changes)).toContain('Europe/Berlin');
  });

  it('refuses what is not a zone with 400 naming timeZone, and strangers with 401', async () => {
    // US/Pacific-New and SystemV/AST4: Node knows them, PostgreSQL does not.
    for (const timeZone of [
      'Mars/Olympus',
      '+01:00',
      '',
      'UTC; drop table users',
      42,
      'US/Pacific-New',
      'SystemV/AST4',
    ]) {
      const res = await admin.rest<{ data?: { fieldErrors?: Record<string, string> } }>(
        'PUT',
        '/settings/organization',
        { timeZone },
      );
      expect(res.status, String(timeZone)).toBe(400);
      expect(res.body.data?.fieldErrors?.timeZone).toMatch(/IANA zone name/);
    }
    expect(
      (await admin.rest('PUT', '/settings/organization', { timeZone: 'UTC', locale: 'de' })).status,
    ).toBe(400);
    await expect(
      admin.trpc.admin.organization.updateSettings.mutate({ timeZone: 'Nowhere' }),
    ).rejects.toThrow(/IANA zone name/);
    expect((await admin.rest('GET', '/settings/organization')).body).toEqual({ timeZone: 'UTC' });
    const stranger = t.anonymous();
    expect((await stranger.rest('GET', '/settings/organization')).status).toBe(401);
    expect(
      (await stranger.rest('PUT', '/settings/organization', { timeZone: 'Asia/Tokyo' })).status,
    ).toBe(401);
  });

  it("counts the analytics' days in the company's zone, recounting leads stored before a change", async () => {
    const zone = 'America/New_York';
    const today = dayInZone(new Date(), zone);
    // Half an hour before New York's midnight: the day before there, often the same day in UTC.
    const lateEvening = new Date(startOfDayInZone(today, zone).getTime() - 30 * 60_000);
    await lead(lateEvening);

    const inUtc = (await admin.rest<TAnalyticsSummary>('GET', '/analytics')).body;
    expect(inUtc.timeZone).toBe('UTC');
    expect(countOn(inUtc, dayInZone(lateEvening, 'UTC'))).toBe(1);

    await admin.rest('PUT', '/settings/organization', { timeZone: zone });
    // One more lead written after the change: the roll-up's trigger counts it in the new zone.
    await lead(lateEvening);
    const inNewYork = (await admin.rest<TAnalyticsSummary>('GET', '/analytics')).body;
    expect(inNewYork.timeZone).toBe(zone);
    expect(inNewYork.contactsPerDay.at(-1)!.date).toBe(today);
    expect(countOn(inNewYork, dayInZone(lateEvening, zone))).toBe(2);
    expect(inNewYork.contactsPerDay.reduce((n, d) => n + d.count, 0)).toBe(2);
    expect((await admin.trpc.analytics.summary.query()).contactsPerDay).toEqual(
      inNewYork.contactsPerDay,
    );
  });

  it("counts speed-to-lead's business hours (09:00-17:00, Monday to Friday) in the company's zone", async () => {
    // A Monday at least a week back, 17:30 UTC: after hours in London, 12:30 or 13:30 in New York.
    const monday = new Date(Date.now() - 7 * 86_400_000);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    monday.setUTCHours(17, 30, 0, 0);
    await lead(monday, 90);

    const inUtc = (await admin.rest<TAnalyticsSummary>('GET', '/analytics')).body;
    expect(inUtc.speedToLead).toMatchObject({ sample: 1, within1BusinessHourPct: 100 });
    await admin.trpc.admin.organization.updateSettings.mutate({ timeZone: 'America/New_York' });
    const inNewYork = (await admin.rest<TAnalyticsSummary>('GET', '/analytics')).body;
    // 90 minutes inside New York's afternoon are 90 business minutes.
    expect(inNewYork.speedToLead).toMatchObject({ sample: 1, within1BusinessHourPct: 0 });
  });
});

describe("a user's own time zone: GET|PUT /api/account/time-zone", () => {
  it('is unset until detected, then shown by auth.me; each user sets only their own', async () => {
    const rep = await t.signedIn('admin');
    expect((await rep.rest('GET', '/auth/me')).body).toMatchObject({ timeZone: null });
    expect((await rep.rest('GET', '/account/time-zone')).body).toEqual({ timeZone: 'UTC' });

    const put = await rep.rest('PUT', '/account/time-zone', { timeZone: 'Asia/Kolkata' });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ timeZone: 'Asia/Kolkata' });
    expect((await rep.trpc.auth.me.query()).timeZone).toBe('Asia/Kolkata');
    await rep.trpc.admin.users.setMyTimeZone.mutate({ timeZone: 'Pacific/Auckland' });
    expect(await rep.trpc.admin.users.myTimeZone.query()).toEqual({ timeZone: 'Pacific/Auckland' });
    // Nobody else's zone moved.
    expect((await admin.trpc.auth.me.query()).timeZone).toBeNull();
  });

  it('refuses what is not a zone (400 naming timeZone) and strangers (401)', async () => {
    for (const body of [
      { timeZone: 'GMT+5:30' },
      { timeZone: 'Europe/Atlantis' },
      { timeZone: 'US/Pacific-New' },
      {},
    ]) {
      const res = await admin.rest<{ data?: { fieldErrors?: Record<string, string> } }>(
        'PUT',
        '/account/time-zone',
        body,
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data?.fieldErrors?.timeZone).toBeTruthy();
    }
    await expect(
      admin.trpc.admin.users.setMyTimeZone.mutate({ timeZone: 'SystemV/AST4' }),
    ).rejects.toThrow(/IANA zone name/);
    // A host's hours take the same rule.
    const hours = await admin.rest<{ data?: { fieldErrors?: Record<string, string> } }>(
      'PUT',
      `/users/${admin.userId}/availability`,
      { timeZone: 'US/Pacific-New', weekly: [], overrides: [] },
    );
    expect(hours.status).toBe(400);
    expect(hours.body.data?.fieldErrors?.timeZone).toMatch(/IANA zone name/);
    expect(
      (await t.anonymous().rest('PUT', '/account/time-zone', { timeZone: 'UTC' })).status,
    ).toBe(401);
    expect((await admin.trpc.auth.me.query()).timeZone).toBeNull();
  });
});

describe("GET /api/tasks?due=today is the caller's today", () => {
  it('counts the day in the signed-in user’s zone, over REST and tRPC', async () => {
    const now = Date.now();
    const dues = [-20, -10, -2, 2, 10, 20].map((h) => new Date(now + h * 3_600_000));
    for (const [i, dueAt] of dues.entries())
      await admin.trpc.admin.tasks.create.mutate({ title: `T${i}`, dueAt: dueAt.toISOString() });
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
      await admin.rest('PUT', '/account/time-zone', { timeZone: zone });
      const today = dayInZone(new Date(), zone);
      const expected = dues
        .map((d, i) => [`T${i}`, dayInZone(d, zone)] as const)
        .filter(([, day]) => day === today)
        .map(([title]) => title);
      const res = await admin.rest<{ items: { title: string }[] }>('GET', '/tasks?due=today');
      expect(res.status).toBe(200);
      expect(
        res.body.items.map((task) => task.title),
        zone,
      ).toEqual(expected);
      const viaTrpc = await admin.trpc.admin.tasks.list.query({ due: 'today' });
      expect(viaTrpc.items.map((task) => task.title)).toEqual(expected);
    }
  });
});
