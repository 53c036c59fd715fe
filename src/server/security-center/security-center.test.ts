import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SECURITY_SETTINGS,
  type TSecurityEventPage,
  type TSecuritySettings,
  type TSecurityStats,
} from '../../shared/security.schema';
import { actorFor } from '../test-app';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { recordSecurityEvent } from './events.sql';
import { runMaintenance } from '../db/maintenance';
import { maintenanceTasks } from '../features';
import { SECURITY_RETENTION_DAYS } from './events.sql';
import { countCleanSubmissions } from './stats.sql';

const t = useTestApp();
const admin = useSignedIn(t, 'admin');

const event = (
  type: 'honeypot_triggered' | 'bot_detected' | 'rate_limit' | 'suspicious_submission',
  severity: 'high' | 'medium' | 'low' = 'medium',
  ip = '198.51.100.1',
) =>
  recordSecurityEvent(t.db.em(), {
    type,
    severity,
    ip,
    userAgent: 'ua',
    details: `${type} ${severity}`,
  });

describe('settings', () => {
  it('start at the documented defaults and save on the server (REST, tRPC, createCaller)', async () => {
    expect((await admin.rest('GET', '/security/settings')).body).toEqual(DEFAULT_SECURITY_SETTINGS);
    const changed: TSecuritySettings = {
      ...DEFAULT_SECURITY_SETTINGS,
      honeypotEnabled: false,
      maxSubmissionsPerHour: 100,
      minFormFillTime: 60,
    };
    const saved = await admin.rest('PUT', '/security/settings', changed);
    expect(saved).toEqual({ status: 200, body: changed });
    expect(await admin.trpc.admin.security.settings.query()).toEqual(changed);
    const viaCaller = await t
      .caller(actorFor(admin.userId))
      .admin.security.updateSettings({ ...changed, minFormFillTime: 1 });
    expect(viaCaller.minFormFillTime).toBe(1);
    expect(
      (await admin.rest<TSecuritySettings>('GET', '/security/settings')).body.minFormFillTime,
    ).toBe(1);
  });

  it('never expose the form secret', async () => {
    const body = (await admin.rest<Record<string, unknown>>('GET', '/security/settings')).body;
    expect(Object.keys(body).sort()).toEqual(Object.keys(DEFAULT_SECURITY_SETTINGS).sort());
  });

  it.each([
    [{ maxSubmissionsPerHour: 0 }, 'Max submissions per hour must be between 1 and 100'],
    [{ maxSubmissionsPerHour: 101 }, 'Max submissions per hour must be between 1 and 100'],
    [{ maxSubmissionsPerHour: 2.5 }, 'Max submissions per hour must be a whole number'],
    [{ maxSubmissionsPerHour: 'five' }, 'Max submissions per hour must be a number'],
    [{ minFormFillTime: 0 }, 'Minimum form fill time must be between 1 and 60 seconds'],
    [{ minFormFillTime: 61 }, 'Minimum form fill time must be between 1 and 60 seconds'],
    // REST must not coerce: "false" would read as true, null as false.
    [{ rateLimitEnabled: 'false' }, 'rateLimitEnabled must be true or false'],
    [{ honeypotEnabled: null }, 'honeypotEnabled must be true or false'],
    [{ botDetectionEnabled: 0 }, 'botDetectionEnabled must be true or false'],
  ])('enforce the input bounds server-side: %o', async (patch, message) => {
    const res = await admin.rest<{ message: string }>('PUT', '/security/settings', {
      ...DEFAULT_SECURITY_SETTINGS,
      ...patch,
    });
    expect(res.status).toBe(400);
    if (message) expect(res.body.message).toContain(message);
    await expect(
      admin.trpc.admin.security.updateSettings.mutate({
        ...DEFAULT_SECURITY_SETTINGS,
        ...(patch as object),
      }),
    ).rejects.toMatchObject({
      data: { httpStatus: 400 },
    });
    expect((await admin.rest('GET', '/security/settings')).body).toEqual(DEFAULT_SECURITY_SETTINGS);
  });

  it('are admin-only on every procedure', async () => {
    const user = await t.signedIn('user');
    const anon = t.anonymous();
    for (const [method, path] of [
      ['GET', '/security/settings'],
      ['PUT', '/security/settings'],
      ['GET', '/security/stats'],
      ['GET', '/security/events'],
    ] as const) {
      const body = method === 'PUT' ? DEFAULT_SECURITY_SETTINGS : undefined;
      expect((await anon.rest(method, path, body)).status).toBe(401);
      expect((await user.rest(method, path, body)).status).toBe(403);
    }
    await expect(
      t.caller(actorFor(user.userId, 'user')).admin.security.stats({ period: '24h' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('stats tiles', () => {
  it('are zero with 100% clean on an empty log, then follow the events of the period', async () => {
    expect((await admin.rest<TSecurityStats>('GET', '/security/stats?period=24h')).body).toEqual({
      period: '24h',
      blockedThreats: 0,
      rateLimited: 0,
      botDetections: 0,
      honeypotTriggers: 0,
      suspiciousSubmissions: 0,
      cleanSubmissions: 0,
      cleanSubmissionsPercent: 100,
      refusedBookings: 0,
      pageViewsToday: {
        day: new Date().toISOString().slice(0, 10),
        views: 0,
        dropped: 0,
        capped: [],
      },
    });
    await event('honeypot_triggered');
    await event('bot_detected');
    await event('bot_detected');
    await event('rate_limit');
    await event('suspicious_submission');
    await countCleanSubmissions(t.db.em(), 10);
    for (let i = 0; i < 5; i++) await countCleanSubmissions(t.db.em(), 1);
    // Sign-in throttling is logged too, but is not a contact-form figure.
    await recordSecurityEvent(t.db.em(), {
      type: 'rate_limit',
      scope: 'login',
      severity: 'high',
      ip: 'x',
      userAgent: '',
      details: 'login',
    });
    // An event 3 days old counts in 7d and 30d, not in 24h.
    await t.db
      .em()
      .execute(
        "insert into security_events (created_at, minute, client_key, type, severity, ip, user_agent, details) values (now() - interval '3 days', now() - interval '3 days', 'x', 'rate_limit', 'low', 'x', '', 'old')",
      );
    const day = await admin.trpc.admin.security.stats.query({ period: '24h' });
    expect(day).toEqual({
      period: '24h',
      blockedThreats: 5,
      rateLimited: 1,
      botDetections: 2,
      honeypotTriggers: 1,
      suspiciousSubmissions: 1,
      cleanSubmissions: 15,
      cleanSubmissionsPercent: 75,
      refusedBookings: 0,
      pageViewsToday: expect.objectContaining({ views: 0, capped: [] }),
    });
    const week = (await admin.rest<TSecurityStats>('GET', '/security/stats')).body;
    expect(week).toMatchObject({ period: '7d', blockedThreats: 6, rateLimited: 2 });
    expect((await admin.rest('GET', '/security/stats?period=1y')).status).toBe(400);
  });
});

describe('event log', () => {
  it('pages newest first and filters by type and severity', async () => {
    // From five networks: repeats from one network within a minute would share an entry.
    for (let i = 0; i < 5; i++) await event('bot_detected', i % 2 ? 'high' : 'low', `192.0.2.${i}`);
    await event('honeypot_triggered', 'high');
    const page1 = (await admin.rest<TSecurityEventPage>('GET', '/security/events?limit=4')).body;
    expect(page1.items.map((e) => e.type)).toEqual([
      'honeypot_triggered',
      'bot_detected',
      'bot_detected',
      'bot_detected',
    ]);
    expect(page1.items[0]).toMatchObject({ ip: '198.51.100.1', userAgent: 'ua', severity: 'high' });
    expect(new Date(page1.items[0]!.timestamp).toISOString()).toBe(page1.items[0]!.timestamp);
    const page2 = await admin.trpc.admin.security.events.query({
      limit: 4,
      cursor: page1.nextCursor!,
    });
    expect(page2.items).toHaveLength(2);
    expect(page2.nextCursor).toBeNull();
    const bots = (
      await admin.rest<TSecurityEventPage>(
        'GET',
        '/security/events?type=bot_detected&severity=high',
      )
    ).body;
    expect(bots.items).toHaveLength(2);
    expect(bots.items.every((e) => e.type === 'bot_detected' && e.severity === 'high')).toBe(true);
    expect((await admin.rest('GET', '/security/events?type=nope')).status).toBe(400);
    expect((await admin.rest('GET', '/security/events?limit=1000')).status).toBe(400);
    expect((await admin.rest('GET', '/security/events?cursor=99999999999')).status).toBe(400);
  });

  it(`prunes events and counters older than ${SECURITY_RETENTION_DAYS} days, keeps the rest`, async () => {
    const em = t.db.em();
    await event('rate_limit');
    await em.execute(
      `insert into security_events (created_at, minute, client_key, type, severity, ip, user_agent, details) values (now() - interval '${SECURITY_RETENTION_DAYS + 1} days', now() - interval '${SECURITY_RETENTION_DAYS + 1} days', 'x', 'rate_limit', 'low', 'x', '', 'old')`,
    );
    await countCleanSubmissions(
      em,
      1,
      new Date(Date.now() - (SECURITY_RETENTION_DAYS + 1) * 86_400_000),
    );
    await countCleanSubmissions(em, 1);
    await em.execute(
      "insert into security_rate_limits (bucket, key, window_start, count) values ('contact-ip', 'x', now() - interval '1 day', 9)",
    );
    await em.execute(
      "insert into security_used_form_tokens (nonce, expires_at) values ('00000000000000000000000000000000', now() - interval '1 minute')",
    );
    const pruned = await runMaintenance(em, maintenanceTasks, t.deps);
    expect(pruned).toMatchObject({
      securityEvents: 1,
      cleanCounters: 1,
      rateLimitWindows: 1,
      formTokens: 1,
    });
    expect(
      (await admin.rest<TSecurityEventPage>('GET', '/security/events')).body.items,
    ).toHaveLength(1);
    expect(
      (await admin.rest<TSecurityStats>('GET', '/security/stats?period=30d')).body.cleanSubmissions,
    ).toBe(1);
  });
});
