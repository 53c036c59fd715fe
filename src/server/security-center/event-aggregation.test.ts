// The security log cannot fill the disk (attack finding 4): repeats from one client network are
// one row a minute with a count, the tiles still show every request, and the table is capped.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SECURITY_SETTINGS, type TSecurityEventPage } from '../../shared/security.schema';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { pruneSecurityEvents, recordSecurityEvent } from './events.sql';

import { BROWSER_HEADERS } from '../form-guard/contact-form-test-support';

const t = useTestApp({ app: { trustProxy: 'loopback' } });
const admin = useSignedIn(t, 'admin');

const rows = async () =>
  Number(
    (await t.db.em().execute<{ n: string }[]>('select count(*) as n from security_events'))[0]!.n,
  );

describe('a flood of refused requests', () => {
  it('is one log row per network and minute, with every request in the tiles', async () => {
    // 100 submissions without a form token from one client: each refused (bot_detected; the
    // rate limit is off so that it does not answer first).
    await admin.rest('PUT', '/security/settings', {
      ...DEFAULT_SECURITY_SETTINGS,
      rateLimitEnabled: false,
    });
    const refuse = (ip: string) =>
      fetch(`${t.url}/api/contacts`, {
        method: 'POST',
        headers: { ...BROWSER_HEADERS, 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ name: 'Bot', email: 'bot@example.com', message: 'hello' }),
      });
    for (let i = 0; i < 100; i++) expect((await refuse('203.0.113.50')).status).toBe(400);
    // An IPv6 client rotating addresses inside its /64 is still one network.
    for (let i = 1; i <= 10; i++) await refuse(`2001:db8:5:6::${i.toString(16)}`);
    // A minute boundary may fall inside the flood: at most one extra row each.
    expect(await rows()).toBeGreaterThanOrEqual(2);
    expect(await rows()).toBeLessThanOrEqual(4);
    const stats = await admin.trpc.admin.security.stats.query({ period: '24h' });
    expect(stats.botDetections).toBe(110);
    expect(stats.blockedThreats).toBe(110);
    const log = (await admin.rest<TSecurityEventPage>('GET', '/security/events')).body.items;
    expect(log.reduce((sum, e) => sum + e.count, 0)).toBe(110);
    expect(log[0]).toMatchObject({ type: 'bot_detected', ip: '2001:db8:5:6::a' });
    expect(new Date(log[0]!.lastSeenAt).getTime()).toBeGreaterThanOrEqual(
      new Date(log[0]!.timestamp).getTime(),
    );
  });

  it('keeps the highest severity and the latest details of the repeats', async () => {
    const em = t.db.em();
    const at = new Date('2026-11-22T10:00:05Z');
    const later = new Date('2026-11-22T10:00:40Z');
    const base = { type: 'bot_detected' as const, ip: '198.51.100.3', userAgent: 'ua' };
    await recordSecurityEvent(em, { ...base, severity: 'low', details: 'first' }, at);
    await recordSecurityEvent(em, { ...base, severity: 'high', details: 'second' }, at);
    await recordSecurityEvent(em, { ...base, severity: 'medium', details: 'third' }, later);
    await recordSecurityEvent(
      em,
      { ...base, severity: 'low', details: 'next minute' },
      new Date('2026-11-22T10:01:01Z'),
    );
    const log = (await admin.rest<TSecurityEventPage>('GET', '/security/events')).body.items;
    expect(log.map((e) => [e.count, e.severity, e.details])).toEqual([
      [1, 'low', 'next minute'],
      [3, 'high', 'third'],
    ]);
    expect(log[1]).toMatchObject({ timestamp: at.toISOString(), lastSeenAt: later.toISOString() });
  });

  it('never keeps more rows than the cap: the oldest go first', async () => {
    const em = t.db.em();
    for (let i = 0; i < 30; i++)
      await recordSecurityEvent(em, {
        type: 'rate_limit',
        severity: 'low',
        ip: `192.0.2.${i}`,
        userAgent: 'ua',
        details: `network ${i}`,
      });
    const pruned = await pruneSecurityEvents(em, new Date(Date.now() - 86_400_000), 10);
    expect(pruned.eventsOverCap).toBe(20);
    const log = (await admin.rest<TSecurityEventPage>('GET', '/security/events?limit=50')).body
      .items;
    expect(log.map((e) => e.details)).toEqual(
      Array.from({ length: 10 }, (_, i) => `network ${29 - i}`),
    );
  });
});
