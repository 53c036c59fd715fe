import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addRateLimitHits } from '../rate-limit/rate-limit.service';
import { createTestDatabase, type TestDatabase } from '../test/test-db';
import { COLLECT_PER_MINUTE, COLLECT_PER_MINUTE_PER_48, CollectLimit } from './collect-limit';

// The page-view limit per network and per IPv6 /48, judged by every instance's hits together:
// two instances (two CollectLimits) share their counts through PostgreSQL.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());
beforeEach(() => db.reset());

const sharedLimit = () =>
  new CollectLimit((hits, windowStart) => addRateLimitHits(db.em(), 'collect', windowStart, hits), {
    syncEveryMs: 0,
  });

/** How many of `n` page views from `ip` the limit lets through at `now`. */
const allowed = (limit: CollectLimit, ip: string, n: number, now: number) =>
  Array.from({ length: n }, () => limit.allow(ip, now)).filter(Boolean).length;

describe('the page-view limit', () => {
  const minute = Date.parse('2031-05-06T10:00:00Z');

  it('counts a network on two instances as one, once their counts are shared', async () => {
    const [a, b] = [sharedLimit(), sharedLimit()];
    // Each instance alone would let 120 through; together the network gets 120 in the minute.
    expect(allowed(a, '198.51.100.7', 70, minute)).toBe(70);
    expect(allowed(b, '198.51.100.7', 40, minute + 1)).toBe(40);
    await a.sync(minute + 2);
    await b.sync(minute + 2);
    await a.sync(minute + 3);
    expect(allowed(a, '198.51.100.7', 20, minute + 4)).toBe(COLLECT_PER_MINUTE - 110);
    await a.sync(minute + 5);
    await b.sync(minute + 5);
    expect(allowed(b, '198.51.100.7', 5, minute + 6)).toBe(0);
    // The next minute starts afresh.
    expect(allowed(b, '198.51.100.7', 5, minute + 60_000)).toBe(5);
    a.close();
    b.close();
  });

  it('counts the /64s of one IPv6 /48 together, and other networks apart', async () => {
    const limit = sharedLimit();
    let through = 0;
    for (let i = 0; i < 700; i++) {
      // A new /64 for every page view: each is far below its own limit.
      if (limit.allow(`2001:db8:77:${i.toString(16)}::1`, minute)) through++;
    }
    expect(through).toBe(COLLECT_PER_MINUTE_PER_48);
    expect(limit.allow('2001:db8:78::1', minute)).toBe(true);
    expect(limit.allow('203.0.113.9', minute)).toBe(true);
    // Shared, another instance sees the /48 spent too.
    await limit.sync(minute + 1);
    const other = sharedLimit();
    expect(other.allow('2001:db8:77:ffff::1', minute + 2)).toBe(true); // not yet shared with it
    for (let i = 0; i < 100; i++) other.allow(`2001:db8:77:aa${i}::1`, minute + 2);
    await other.sync(minute + 3);
    expect(other.allow('2001:db8:77:ffff::2', minute + 4)).toBe(false);
    limit.close();
    other.close();
  });

  it('writes nothing for networks well below their limits', async () => {
    const limit = sharedLimit();
    for (let i = 0; i < 200; i++) limit.allow(`192.0.2.${i % 100}`, minute);
    await limit.sync(minute + 1);
    const [row] = await db
      .em()
      .getConnection()
      .execute<{ n: number }[]>(`select count(*)::int as n from security_rate_limits`);
    expect(row).toEqual({ n: 0 });
    limit.close();
  });
});
