import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type SqlBool } from 'kysely';
import { typedSql } from '../db/typed-sql';
import { RateLimitWindow } from './rate-limit.entity';

const limitsSql = (em: EntityManager) => typedSql(em, [RateLimitWindow]);

export interface RateLimitRule {
  /** What is counted: 'contact-ip', 'login-ip', 'login-account' ... */
  bucket: string;
  key: string;
  limit: number;
  windowSeconds: number;
}

/** A limit per hour on `key` of `bucket`. */
export const hourlyRule = (bucket: string, key: string, limit: number): RateLimitRule => ({
  bucket,
  key,
  limit,
  windowSeconds: 3600,
});

export interface RateLimitState {
  /** Hits in the last window length, estimated (see below). */
  count: number;
  limited: boolean;
  /** Whole seconds until one more hit would be within the limit (what Retry-After says). */
  retryAfterSeconds: number;
}

/**
 * Sliding-window estimate from two fixed windows: all hits of the current window plus the
 * previous window's hits weighted by how much of it still overlaps the last `windowSeconds`.
 * Two small rows per client, atomic in PostgreSQL, and no burst of 2x the limit at a window
 * boundary as plain fixed windows allow.
 */
function windows(rule: RateLimitRule, now: Date) {
  const size = rule.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / size) * size;
  const elapsed = (now.getTime() - start) / size;
  return {
    current: new Date(start),
    previous: new Date(start - size),
    previousWeight: 1 - elapsed,
  };
}

/** The estimate at `at` (ms) given the counts at `now`: windows roll over, hits fade out. */
function estimateAt(
  rule: RateLimitRule,
  now: number,
  at: number,
  current: number,
  previous: number,
) {
  const size = rule.windowSeconds * 1000;
  const ahead = Math.floor(at / size) - Math.floor(now / size);
  const [cur, prev] = ahead === 0 ? [current, previous] : ahead === 1 ? [0, current] : [0, 0];
  const weight = 1 - (at - Math.floor(at / size) * size) / size;
  return cur + prev * weight;
}

/**
 * Whole seconds until one more hit fits the limit. Not "until the current window ends": after
 * that the hits of this window still weigh almost fully, so a client told to come back then was
 * refused again. The estimate only falls over time, so a binary search over seconds finds it.
 */
function secondsUntilAllowed(rule: RateLimitRule, now: number, current: number, previous: number) {
  const allowedAfter = (s: number) =>
    estimateAt(rule, now, now + s * 1000, current, previous) + 1 <= rule.limit;
  let low = 1;
  let high = 2 * rule.windowSeconds;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (allowedAfter(mid)) high = mid;
    else low = mid + 1;
  }
  return low;
}

function state(
  rule: RateLimitRule,
  now: Date,
  current: number,
  previous: number,
  counting: boolean,
): RateLimitState {
  const w = windows(rule, now);
  // Not rounded before the comparison: rounding the previous window's share down let one more
  // hit through just after a window boundary (10 hits, then 1 + floor(10 x 0.9999) = 10).
  const estimate = current + previous * w.previousWeight;
  const count = Math.ceil(estimate);
  // When counting, this hit is already in `current`; when peeking, the next hit would be one more.
  const limited = (counting ? estimate : estimate + 1) > rule.limit;
  const retryAfterSeconds = limited
    ? secondsUntilAllowed(rule, now.getTime(), current, previous)
    : 0;
  return { count, limited, retryAfterSeconds };
}

/** Counts one hit and says whether it is over the limit. */
export async function consumeRateLimit(
  em: EntityManager,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitState> {
  const [state] = await consumeRateLimits(em, [rule], now);
  return state;
}

/**
 * Counts one hit on each of several rules of one request, in one statement (one round trip and
 * one commit instead of one each), and says of each whether it is over its limit. The rules'
 * buckets and keys must differ (one row is counted once per statement).
 */
export async function consumeRateLimits<const Rules extends readonly RateLimitRule[]>(
  em: EntityManager,
  rules: Rules,
  now = new Date(),
): Promise<{ [K in keyof Rules]: RateLimitState }> {
  const w = rules.map((rule) => windows(rule, now));
  // The rules as rows (a VALUES list, which the builder has no words for).
  const input = sql<{ bucket: string; key: string; window_start: string; previous_start: string }>`
    (values ${sql.join(
      rules.map(
        (rule, n) =>
          sql`(${rule.bucket}::text, ${rule.key}::text, ${w[n]!.current}::timestamptz, ${w[n]!.previous}::timestamptz)`,
      ),
    )})`;
  const rows = await limitsSql(em)
    .with('input(bucket, key, window_start, previous_start)', () => input)
    .with('hit', (db) =>
      db
        .insertInto('security_rate_limits')
        .columns(['bucket', 'key', 'window_start', 'count'])
        .expression(
          db.selectFrom('input').select(['bucket', 'key', 'window_start', sql.lit(1).as('count')]),
        )
        .onConflict((conflict) =>
          conflict
            .columns(['bucket', 'key', 'window_start'])
            .doUpdateSet((eb) => ({ count: eb('security_rate_limits.count', '+', 1) })),
        )
        .returning(['bucket', 'key', 'count']),
    )
    .selectFrom('hit')
    .innerJoin('input as i', (join) =>
      join.onRef('i.bucket', '=', 'hit.bucket').onRef('i.key', '=', 'hit.key'),
    )
    .select((eb) => [
      'hit.bucket',
      'hit.key',
      'hit.count as current',
      eb
        .selectFrom('security_rate_limits as p')
        .select('p.count')
        .whereRef('p.bucket', '=', 'i.bucket')
        .whereRef('p.key', '=', 'i.key')
        .whereRef('p.window_start', '=', 'i.previous_start')
        .as('previous'),
    ])
    .execute();
  // One state per rule, in the rules' order (a tuple of rules gives a tuple of states).
  return rules.map((rule) => {
    const row = rows.find((r) => r.bucket === rule.bucket && r.key === rule.key);
    return state(rule, now, row?.current ?? 1, row?.previous ?? 0, true);
  }) as { [K in keyof Rules]: RateLimitState };
}

/**
 * consumeRateLimit for a key that many requests share at once (an integration key sending a
 * stream of leads): each database connection counts on a row of its own (`<key>@<process id>`)
 * and the limit reads their sum, so concurrent requests, on any instance, never wait for one
 * counter row's lock. Hits in flight at the same moment do not see each other, so the limit may
 * be passed by at most one hit per database connection: fine for an hourly allowance of hundreds.
 */
export async function consumeShardedRateLimit(
  em: EntityManager,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitState> {
  const [only] = await consumeShardedRateLimitHits(em, rule, 1, now);
  return only!;
}

/**
 * `hits` hits of consumeShardedRateLimit counted in one statement (the leads of one key in a
 * group commit), answering each hit's state in turn: the first ones may be within the limit and
 * the rest past it, exactly as if they had come one after another.
 */
export async function consumeShardedRateLimitHits(
  em: EntityManager,
  rule: RateLimitRule,
  hits: number,
  now = new Date(),
): Promise<RateLimitState[]> {
  const w = windows(rule, now);
  const prefix = `${rule.key}@`;
  const db = limitsSql(em);
  /** The hits of the key's rows (every connection's) in the window starting at `start`. */
  const shardsIn = (start: Date) =>
    db
      .selectFrom('security_rate_limits')
      .select(({ fn }) => fn.sum<number>('count').as('n'))
      .where('bucket', '=', rule.bucket)
      .where(({ eb, fn }) => fn<SqlBool>('starts_with', ['key', eb.val(prefix)]))
      .where('window_start', '=', start.toISOString());
  // The outer query does not see the CTE's write: the other rows are summed beside it.
  const row = await db
    .with('hit', (db) =>
      db
        .insertInto('security_rate_limits')
        .values({
          bucket: rule.bucket,
          key: sql<string>`${prefix} || pg_backend_pid()`,
          window_start: w.current,
          count: hits,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['bucket', 'key', 'window_start'])
            .doUpdateSet((eb) => ({ count: eb('security_rate_limits.count', '+', hits) })),
        )
        .returning(['key', 'count']),
    )
    .selectFrom('hit')
    .select((eb) => [
      eb(
        'hit.count',
        '+',
        eb.fn.coalesce(
          shardsIn(w.current).where('security_rate_limits.key', '<>', eb.ref('hit.key')),
          sql.lit(0),
        ),
      ).as('current'),
      shardsIn(w.previous).as('previous'),
    ])
    .executeTakeFirst();
  const current = Number(row?.current ?? hits);
  const previous = Number(row?.previous ?? 0);
  return Array.from({ length: hits }, (_, i) =>
    state(rule, now, current - (hits - 1 - i), previous, true),
  );
}

/**
 * Adds counted hits to the window starting at `windowStart` of several keys of a bucket in one
 * statement, and answers each key's total: for counts kept in memory and shared now and then
 * (the page-view limit). Keys are written in order, so two instances never deadlock.
 */
export async function addRateLimitHits(
  em: EntityManager,
  bucket: string,
  windowStart: Date,
  hits: { key: string; count: number }[],
): Promise<Map<string, number>> {
  if (!hits.length) return new Map();
  const sorted = [...hits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const rows = await limitsSql(em)
    .insertInto('security_rate_limits')
    .values(sorted.map((h) => ({ bucket, key: h.key, window_start: windowStart, count: h.count })))
    .onConflict((conflict) =>
      conflict.columns(['bucket', 'key', 'window_start']).doUpdateSet((eb) => ({
        count: eb('security_rate_limits.count', '+', eb.ref('excluded.count')),
      })),
    )
    .returning(['key', 'count'])
    .execute();
  return new Map(rows.map((r) => [r.key, r.count]));
}

/** Whether one more hit would be over the limit, without counting it. */
export async function peekRateLimit(
  em: EntityManager,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitState> {
  const w = windows(rule, now);
  const rows = await limitsSql(em)
    .selectFrom('security_rate_limits')
    .select(['window_start', 'count'])
    .where('bucket', '=', rule.bucket)
    .where('key', '=', rule.key)
    .where('window_start', 'in', [w.current.toISOString(), w.previous.toISOString()])
    .execute();
  const countAt = (d: Date) =>
    rows.find((r) => new Date(r.window_start).getTime() === d.getTime())?.count ?? 0;
  return state(rule, now, countAt(w.current), countAt(w.previous), false);
}

/** Forgets a key's hits (e.g. an account's failed sign-ins after a successful one). */
export async function clearRateLimit(
  em: EntityManager,
  bucket: string,
  key: string,
): Promise<void> {
  await limitsSql(em)
    .deleteFrom('security_rate_limits')
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .execute();
}

/** Takes one hit back from the current window (e.g. an attempt that turned out not to count). */
export async function refundRateLimit(
  em: EntityManager,
  rule: RateLimitRule,
  now = new Date(),
): Promise<void> {
  await limitsSql(em)
    .updateTable('security_rate_limits')
    .set((eb) => ({ count: eb.fn('greatest', [eb('count', '-', 1), sql.lit(0)]) }))
    .where('bucket', '=', rule.bucket)
    .where('key', '=', rule.key)
    .where('window_start', '=', windows(rule, now).current.toISOString())
    .execute();
}

/** Windows are at most an hour long and the previous one is still read: keep 3 hours. */
const RATE_LIMIT_KEEP_MS = 3 * 3_600_000;

/** Deletes windows no limit reads any more; returns how many. */
export async function pruneRateLimitWindows(em: EntityManager, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RATE_LIMIT_KEEP_MS);
  const { numDeletedRows } = await limitsSql(em)
    .deleteFrom('security_rate_limits')
    .where('window_start', '<', cutoff.toISOString())
    .executeTakeFirstOrThrow();
  return Number(numDeletedRows);
}
