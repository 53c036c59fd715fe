// Attack finding: any signed-in user could add a calendar feed whose reading stalled the server
// (200 FREQ=SECONDLY events: 39 s) or grew it until it died (300 VTIMEZONEs with secondly rules:
// 4.3 GB), and again after every restart when the periodic refresh fetched it. Now a feed is read
// in a child process under a time, memory, size and occurrence budget: /api/health keeps its
// latency, this process its memory, the feed fails with the reason shown to the host, and the
// periodic refresh leaves it alone until the host refreshes it by hand. Runs alone with the
// other timing tests (vitest.config.ts): it measures this process's latency and memory.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TCalendarFeed } from '../../shared/booking.schema';
import { until } from '../test/until';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { queueDueFeeds } from './calendar-feed-worker';
import { setBookingClock } from './clock';
import { WEEKLY_STANDUP_FEED } from './calendar-feed-test-support';
import { secondlyEventsFeed, secondlyZonesFeed } from './hostile-feeds';

/** The feed that reads well: a weekly series. */
const GOOD = WEEKLY_STANDUP_FEED;

/** What each path serves; a test swaps a hostile feed for a good one to show a refresh by hand. */
const served = new Map<string, string>();
const feedServer = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/calendar' }).end(served.get(req.url ?? '') ?? '');
});
await new Promise<void>((done) => feedServer.listen(0, '127.0.0.1', done));
const feedUrl = (path: string) =>
  `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}${path}`;
afterAll(() => new Promise<void>((done) => feedServer.close(() => done())));

const t = useTestApp({ webhooks: { allowPrivateNetworks: true } });
// Not an admin: any signed-in user may add feeds to their own calendar.
const host = useSignedIn(t, 'user');

beforeEach(() => {
  served.clear();
  setBookingClock(new Date('2026-12-06T00:00:00Z'));
});
afterEach(() => setBookingClock(null));

const POLL_MS = 20;
/** How much slower /api/health may answer (p95) while a hostile feed is read. */
const HEALTH_P95_BUDGET_MS = 100;
/** How much this process (the server) may grow while reading one: it is not its memory. */
const RSS_BUDGET_MB = 100;

/** Polls /api/health every POLL_MS while `during` runs: the latencies (ms) and peak RSS (bytes). */
async function healthDuring<T>(during: () => Promise<T>) {
  const latencies: number[] = [];
  let rssPeak = process.memoryUsage().rss;
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const started = performance.now();
      const res = await fetch(`${t.url}/api/health`);
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      latencies.push(performance.now() - started);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  })();
  try {
    return { result: await during(), latencies, rssPeak };
  } finally {
    probing = false;
    await probe;
  }
}

function p95(latencies: number[]): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.95) - 1]!;
}

async function addFeed(path: string): Promise<TCalendarFeed> {
  const res = await host.rest<TCalendarFeed>('POST', `/users/${host.userId}/calendar-feeds`, {
    url: feedUrl(path),
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** The feed once its status is `status` (by default: once its first fetch is over). */
const feedWhen = (feedId: number, status?: TCalendarFeed['status']) =>
  until(
    `feed ${feedId} ${status ?? 'read'}`,
    async () => {
      const { body } = await host.rest<TCalendarFeed[]>(
        'GET',
        `/users/${host.userId}/calendar-feeds`,
      );
      const feed = body.find((f) => f.id === feedId);
      const done = feed && (status ? feed.status === status : feed.status !== 'pending');
      return done ? feed : undefined;
    },
    60_000,
  );

const em = () => t.deps.orm.em.fork() as EntityManager;
/** The feeds a sweep of the periodic refresh queues `minutes` from now (each is due every 10). */
const sweepIn = async (minutes: number) =>
  (await queueDueFeeds(em(), t.deps.jobs!, new Date(Date.now() + minutes * 60_000))).sort(
    (a, b) => a - b,
  );

const HOSTILE = [
  {
    name: '200 FREQ=SECONDLY events',
    path: '/every-second.ics',
    text: secondlyEventsFeed(200),
    reason: /^The calendar has too many occurrences to read \(over 50,000\)\. /,
  },
  {
    name: '300 VTIMEZONEs with secondly rules',
    path: '/secondly-zones.ics',
    text: secondlyZonesFeed(300),
    // Memory runs out about when time does (ical.js fills 128 MB in ~9 s on this machine).
    reason:
      /^The calendar (needs more memory to read than allowed \(128 MB\)|took too long to read \(over 10 s\))\. /,
  },
];

describe('a hostile calendar feed', () => {
  it.each(HOSTILE)(
    '$name: fails with its reason, health keeps its latency, memory stays flat, the sweep leaves it be',
    async ({ name, path, text, reason }) => {
      served.set(path, text);
      served.set('/good.ics', GOOD);
      const good = await addFeed('/good.ics');
      expect(await feedWhen(good.id)).toMatchObject({ status: 'ok', error: null });

      const baseline = await healthDuring(() => new Promise((r) => setTimeout(r, 2000)));
      const rssBefore = process.memoryUsage().rss;
      const started = performance.now();
      const during = await healthDuring(async () => feedWhen((await addFeed(path)).id));
      const seconds = (performance.now() - started) / 1000;
      const hostile = during.result;

      expect(hostile.status).toBe('failed');
      expect(hostile.error).toMatch(reason);
      expect(hostile.error).toMatch(
        /It is not read again automatically: refresh it to try again\.$/,
      );
      const slower = p95(during.latencies) - p95(baseline.latencies);
      const grewMb = (during.rssPeak - rssBefore) / 1024 ** 2;
      console.info(
        `${name} (${(text.length / 1024).toFixed(0)} KB): failed after ${seconds.toFixed(1)} s ` +
          `with "${hostile.error}"; health p95 ${p95(baseline.latencies).toFixed(1)} ms before ` +
          `(${baseline.latencies.length} polls), ${p95(during.latencies).toFixed(1)} ms during ` +
          `(${during.latencies.length} polls, worst ${Math.max(...during.latencies).toFixed(1)} ms); ` +
          `RSS ${(rssBefore / 1024 ** 2).toFixed(0)} MB before, peak +${grewMb.toFixed(0)} MB`,
      );
      expect(slower).toBeLessThan(HEALTH_P95_BUDGET_MS);
      expect(grewMb).toBeLessThan(RSS_BUDGET_MB);

      // The periodic refresh takes the good feed and leaves the hostile one alone.
      expect(await sweepIn(11)).toEqual([good.id]);

      // Fixed at its source, the host's refresh reads it, and the periodic refresh takes it again.
      served.set(path, GOOD);
      const refresh = `/users/${host.userId}/calendar-feeds/${hostile.id}/refresh`;
      expect((await host.rest('POST', refresh)).status).toBe(200);
      expect(await feedWhen(hostile.id, 'ok')).toMatchObject({ error: null });
      expect(await sweepIn(22)).toEqual([good.id, hostile.id]);
    },
    120_000,
  );
});
