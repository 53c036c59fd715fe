// Hosts' external calendars through the API (both transports), fetched from a real HTTP server by
// the job queue's worker: a weekly series with an EXDATE and a moved occurrence blocks exactly
// those times; errors, the network guard, refresh and removal; the subscription feed of a host's
// booked calls and the lead's "Add to calendar" file, read back with ical.js.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TBooking, TCalendarFeed, TSlots } from '../../shared/booking.schema';
import { DEFAULT_BOOKING_SETTINGS } from '../../shared/booking.schema';
import { queryRows } from '../test/pg-admin';
import { until } from '../test/until';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import type { EntityManager } from '@mikro-orm/postgresql';
import { bookingLinkFor } from './bookings.service';
import { feedFetchOptions, queueDueFeeds } from './calendar-feed-worker';
import { FEED_TIMEOUT_MS } from './calendar-fetch';
import { setBookingClock } from './clock';
import { WEEKLY_STANDUP_FEED } from './calendar-feed-test-support';

let served = WEEKLY_STANDUP_FEED;
let status = 200;
const feedServer = createServer((_req, res) => {
  res.writeHead(status, { 'content-type': 'text/calendar' }).end(served);
});
await new Promise<void>((done) => feedServer.listen(0, '127.0.0.1', done));
const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/private.ics`;
afterAll(() => new Promise<void>((done) => feedServer.close(() => done())));

const t = useTestApp({ webhooks: { allowPrivateNetworks: true } });
const admin = useSignedIn(t);

beforeEach(async () => {
  served = WEEKLY_STANDUP_FEED;
  status = 200;
  t.deps.notifier.webhooks!.allowPrivateNetworks = true;
  // Sunday 6 December 2026: every slot of the next two weeks is past the notice.
  setBookingClock(new Date('2026-12-06T00:00:00Z'));
  await admin.rest('PUT', '/booking/settings', { ...DEFAULT_BOOKING_SETTINGS, bufferMinutes: 0 });
  await admin.rest('PUT', `/users/${admin.userId}/availability`, {
    timeZone: 'UTC',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
    overrides: [],
  });
});
afterEach(() => setBookingClock(null));

async function bookingToken() {
  const [row] = await queryRows<{ id: number }>(
    t.db.url,
    `insert into contacts (name, email, source) values ('Ada Lovelace', 'ada@example.com', 'api') returning id`,
  );
  return (await bookingLinkFor(t.deps.orm.em.fork(), row!.id, 168))!.token;
}

/** The day's offered times that are missing from a full 09:00-17:00 day, as HH:MM. */
async function blockedTimes(token: string) {
  const slots = await t
    .anonymous()
    .rest<TSlots>('GET', `/booking/slots?token=${token}&from=2026-12-07&days=8&timeZone=UTC`);
  const full = Array.from(
    { length: 16 },
    (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
  );
  return Object.fromEntries(
    slots.body.days
      .map((d) => {
        const offered = new Set(d.slots.map((s) => s.startsAt.slice(11, 16)));
        return [d.date, full.filter((time) => !offered.has(time))] as const;
      })
      .filter(([, missing]) => missing.length),
  );
}

const feedsOf = (userId: number) =>
  admin.rest<TCalendarFeed[]>('GET', `/users/${userId}/calendar-feeds`);
const synced = (userId: number) =>
  until('the feed fetched', async () => {
    const [feed] = (await feedsOf(userId)).body;
    return feed && feed.status !== 'pending' ? feed : undefined;
  });

/** Adds the test server's feed to the admin's calendar and waits for its first fetch. */
async function addSyncedFeed() {
  const { body: feed } = await admin.rest<TCalendarFeed>(
    'POST',
    `/users/${admin.userId}/calendar-feeds`,
    { url: feedUrl },
  );
  await synced(admin.userId);
  return feed;
}

describe('calendar feeds', () => {
  it('blocks exactly the times of a weekly series with an EXDATE and a moved occurrence', async () => {
    const token = await bookingToken();
    expect(await blockedTimes(token)).toEqual({});
    const added = await admin.rest<TCalendarFeed>('POST', `/users/${admin.userId}/calendar-feeds`, {
      url: feedUrl,
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(Number),
      url: `${new URL(feedUrl).origin}/…`,
      status: 'pending',
      lastSyncedAt: null,
      error: null,
    });
    expect(await synced(admin.userId)).toMatchObject({
      status: 'ok',
      error: null,
      lastSyncedAt: '2026-12-06T00:00:00.000Z',
    });
    expect(await blockedTimes(token)).toEqual({
      '2026-12-07': ['10:00', '10:30'], // Monday
      // Wednesday 9th: the EXDATE
      '2026-12-14': ['14:00', '14:30'], // Monday, moved from 10:00
    });
  });

  it('refreshes on demand, keeps the last good times on a failed fetch, and removes them with the feed', async () => {
    const token = await bookingToken();
    const feed = await addSyncedFeed();
    status = 500;
    const refresh = `/users/${admin.userId}/calendar-feeds/${feed.id}/refresh`;
    expect((await admin.rest('POST', refresh)).status).toBe(200);
    const failed = await until('the failed refresh', async () => {
      const [now] = (await feedsOf(admin.userId)).body;
      return now?.status === 'failed' ? now : undefined;
    });
    expect(failed.error).toBe('The calendar address answered HTTP 500');
    expect(await blockedTimes(token)).toHaveProperty('2026-12-07', ['10:00', '10:30']);

    status = 200;
    served = 'not a calendar';
    await admin.rest('POST', refresh);
    await until('the unreadable feed', async () => {
      const [now] = (await feedsOf(admin.userId)).body;
      return now?.error === 'Not an iCalendar file' ? now : undefined;
    });

    const removed = await admin.rest('DELETE', `/users/${admin.userId}/calendar-feeds/${feed.id}`);
    expect(removed.status).toBe(200);
    expect((await feedsOf(admin.userId)).body).toEqual([]);
    expect(await blockedTimes(token)).toEqual({});
    expect(
      (await admin.rest('DELETE', `/users/${admin.userId}/calendar-feeds/${feed.id}`)).status,
    ).toBe(404);
  });

  it('refreshes each feed every 10 minutes, claimed by one sweep at a time', async () => {
    const token = await bookingToken();
    const feed = await addSyncedFeed();
    served = WEEKLY_STANDUP_FEED.replace('EXDATE:20261209T100000Z\r\n', '');
    const em = () => t.deps.orm.em.fork() as EntityManager;
    // Not due yet: added a moment ago, next due 10 minutes after.
    expect(await queueDueFeeds(em(), t.deps.jobs!, new Date())).toEqual([]);
    const later = new Date(Date.now() + 10 * 60_000 + 1000);
    // Two instances sweeping at once: one of them takes it.
    const swept = await Promise.all([
      queueDueFeeds(em(), t.deps.jobs!, later),
      queueDueFeeds(em(), t.deps.jobs!, later),
    ]);
    expect(swept.flat()).toEqual([feed.id]);
    await until('the Wednesday blocked again', async () =>
      (await blockedTimes(token))['2026-12-09'] ? true : undefined,
    );
    expect(await queueDueFeeds(em(), t.deps.jobs!, later)).toEqual([]);
  });

  it('refuses a loopback address under the webhooks’ network guard', async () => {
    t.deps.notifier.webhooks!.allowPrivateNetworks = false;
    await admin.rest('POST', `/users/${admin.userId}/calendar-feeds`, { url: feedUrl });
    const feed = await synced(admin.userId);
    expect(feed.status).toBe('failed');
    // Hosts need not be admins: no resolved address, no server setting in what they see.
    expect(feed.error).toBe(
      'The calendar address leads to a private or internal network, which is not allowed',
    );
  });

  it('names the field of a bad address, and keeps each user to their own calendars (tRPC too)', async () => {
    for (const url of ['', 'ftp://example.com/cal.ics', 'not a url'])
      expect(
        (await admin.rest('POST', `/users/${admin.userId}/calendar-feeds`, { url })).body,
      ).toMatchObject({
        data: {
          fieldErrors: { url: 'url must be an http(s) or webcal address of an iCal calendar' },
        },
      });
    const agent = await t.signedIn('user');
    for (const [method, path] of [
      ['GET', 'calendar-feeds'],
      ['POST', 'calendar-feeds'],
      ['GET', 'calendar-subscription'],
      ['POST', 'calendar-subscription/regenerate'],
    ] as const)
      expect(
        (
          await agent.rest(
            method,
            `/users/${admin.userId}/${path}`,
            path === 'calendar-feeds' && method === 'POST'
              ? { url: 'https://calendar.example/a.ics' }
              : undefined,
          )
        ).status,
      ).toBe(403);
    const own = await agent.trpc.admin.booking.addCalendarFeed.mutate({
      id: agent.userId,
      url: 'webcal://calendar.example/secret.ics',
    });
    // The address is a password: shown (and audited) as its host only.
    expect(own).toMatchObject({ url: 'webcal://calendar.example/…', status: 'pending' });
    const [audited] = await t.db
      .em()
      .execute<{ changes: string }[]>(
        "select changes::text from audit_log where entity_type like 'calendar_feed%' order by id desc limit 1",
      );
    expect(audited?.changes).toContain('webcal://calendar.example/…');
    expect(audited?.changes).not.toContain('secret.ics');
    expect(await agent.trpc.admin.booking.calendarFeeds.query({ id: agent.userId })).toEqual([
      expect.objectContaining({ id: own.id }),
    ]);
    // The admin sees and manages anyone's.
    expect((await feedsOf(agent.userId)).body).toHaveLength(1);
  });
});

describe('calendar files', () => {
  it('serves a host’s booked calls at a secret address, which regenerating replaces', async () => {
    const token = await bookingToken();
    const booked = await t.anonymous().rest<TBooking>('POST', '/bookings', {
      token,
      startsAt: '2026-12-08T12:00:00Z',
    });
    const { body } = await admin.rest<{ url: string }>(
      'GET',
      `/users/${admin.userId}/calendar-subscription`,
    );
    expect(body.url).toMatch(/^http:\/\/convoza\.test\/api\/calendar\/[0-9a-f]{64}\.ics$/);
    // The same address until regenerated, over tRPC too.
    expect(await admin.trpc.admin.booking.calendarSubscription.query({ id: admin.userId })).toEqual(
      body,
    );
    const path = new URL(body.url).pathname;
    const feed = await fetch(`${t.url}${path}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const events = calendar.getAllSubcomponents('vevent');
    expect(events.map((e) => e.getFirstPropertyValue('uid'))).toEqual([
      `booking-${booked.body.id}@convoza.ai`,
    ]);
    expect(
      (events[0]!.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    ).toBe('2026-12-08T12:00:00.000Z');

    const renewed = await admin.rest<{ url: string }>(
      'POST',
      `/users/${admin.userId}/calendar-subscription/regenerate`,
    );
    expect(renewed.body.url).not.toBe(body.url);
    expect((await fetch(`${t.url}${path}`)).status).toBe(404);
    expect((await fetch(`${t.url}${new URL(renewed.body.url).pathname}`)).status).toBe(200);
    expect((await fetch(`${t.url}/api/calendar/${'0'.repeat(64)}.ics`)).status).toBe(404);
  });

  it('gives the lead an "Add to calendar" file behind the manage link', async () => {
    const token = await bookingToken();
    const booked = await t.anonymous().rest<TBooking>('POST', '/bookings', {
      token,
      startsAt: '2026-12-08T12:00:00Z',
    });
    const file = await fetch(
      `${t.url}/api${booked.body.manageUrl.replace('/booking/', '/bookings/manage/')}/calendar.ics`,
    );
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(
      'attachment; filename="strategy-call.ics"',
    );
    const event = new ICAL.Component(ICAL.parse(await file.text())).getFirstSubcomponent('vevent')!;
    expect(String(event.getFirstPropertyValue('attendee'))).toBe('mailto:ada@example.com');
    expect(
      (await fetch(`${t.url}/api/bookings/manage/${'a'.repeat(64)}/calendar.ics`)).status,
    ).toBe(404);
  });
});

describe('the fetch time limit', () => {
  it("is the feed's own 15 s, not the 10 s of the webhook settings the worker is handed", () => {
    expect(feedFetchOptions({ allowPrivateNetworks: false, timeoutMs: 10_000 } as never)).toEqual({
      allowPrivateNetworks: false,
      timeoutMs: 15_000,
    });
    expect(FEED_TIMEOUT_MS).toBe(15_000);
  });
});
