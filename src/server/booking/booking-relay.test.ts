// Attack findings, round 4, item 4: booking emails were an anonymous relay. Confirmations, moves,
// cancellations and reminders went to whatever address a visitor typed, quoting the whole name,
// and no cap applied: one submission gave 315 emails to a third party in 13 s. Now they quote the
// auto-reply's cleaned name and the relay limits count them (per call, per address, site-wide).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TOutboxMessage } from '../../shared/notifications.schema';
import { queryRows } from '../test/pg-admin';
import { useMailTestApp, useSignedIn } from '../test/use-test-app';
import { VISITOR_EMAIL_LIMIT_REASONS } from '../notifications/visitor-email-limits.sql';
import { book, giveHours, manage, newLead } from './booking-test-support';
import { setBookingClock } from './clock';

const { inbox, t } = await useMailTestApp({ app: { trustProxy: 'loopback' } });
const admin = useSignedIn(t);

const EVERY_DAY = {
  timeZone: 'UTC',
  weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
  overrides: [],
};
beforeEach(async () => {
  setBookingClock(new Date('2026-12-07T06:00:00Z'));
  await giveHours(admin, admin.userId, EVERY_DAY);
});
afterEach(() => setBookingClock(null));

/** The outbox once every message due now has been sent or held back. */
async function settledOutbox(): Promise<TOutboxMessage[]> {
  for (let i = 0; i < 300; i++) {
    const { body } = await admin.rest<TOutboxMessage[]>('GET', '/notifications/outbox?limit=200');
    if (!body.some((m) => m.status === 'queued' && !m.sendAfter)) return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the outbox did not settle');
}

/** Times of the hours above, one per step, on 8 and 9 December. */
const time = (n: number) =>
  `2026-12-0${8 + Math.floor(n / 20)}T${String(8 + Math.floor((n % 20) / 2)).padStart(2, '0')}:${n % 2 ? '30' : '00'}:00Z`;

describe("a lead's booking emails", () => {
  it('quote the cleaned name, never links, addresses or numbers the visitor typed', async () => {
    const lead = await newLead(t, 1, null, 'victim@example.com');
    await queryRows(t.db.url, 'update contacts set name = $1 where id = $2', [
      'Win a prize at evil.example/claim or call +1 555 0100 200 now, from prize@evil.example!!',
      lead.id,
    ]);
    expect((await book(t, lead.token, time(0))).status).toBe(201);
    await settledOutbox();
    const toLead = inbox.messages.filter((m) =>
      JSON.stringify(m.to).includes('victim@example.com'),
    );
    expect(toLead).toHaveLength(1);
    const everything = `${toLead[0]!.subject}\n${toLead[0]!.text}\n${toLead[0]!.attachments.map((a) => a.content.toString()).join('\n')}`;
    for (const typed of ['evil.example', '555', 'prize@evil', 'claim'])
      expect(everything).not.toContain(typed);
    expect(toLead[0]!.text).toMatch(/^Hi Win a prize at or call now, from/);
  });

  it('stop at 10 a day about one call; the host still hears of every change', async () => {
    const lead = await newLead(t, 1, null, 'moved-often@example.com');
    const booked = (await book(t, lead.token, time(0))).body;
    for (let n = 1; n <= 12; n++) {
      const moved = await manage(t, booked.manageUrl, '/reschedule', { startsAt: time(n * 2) });
      expect(moved.status).toBe(200);
    }
    const invitations = (await settledOutbox()).filter(
      (m) => m.kind === 'booking_invitation' && !m.sendAfter,
    );
    const toLead = invitations.filter((m) => m.to === 'moved-often@example.com');
    expect(toLead.filter((m) => m.status === 'sent')).toHaveLength(10);
    const held = toLead.filter((m) => m.status === 'suppressed');
    expect(held).toHaveLength(3);
    for (const m of held) expect(m.lastError).toBe(VISITOR_EMAIL_LIMIT_REASONS.booking);
    const toHost = invitations.filter((m) => m.to !== 'moved-often@example.com');
    expect(toHost.filter((m) => m.status === 'sent')).toHaveLength(13);
  });

  it('stop at 20 a day to one address, across calls and leads', async () => {
    // Three leads typed the same address; each books and moves its call.
    let sent = 0;
    for (let n = 0; n < 3; n++) {
      const lead = await newLead(t, n + 1, null, 'same@example.com');
      const booked = (await book(t, lead.token, time(n * 12))).body;
      for (let m = 1; m <= 7; m++)
        await manage(t, booked.manageUrl, '/reschedule', { startsAt: time(n * 12 + m) });
      await manage(t, booked.manageUrl, '/cancel', {});
      sent += 9;
    }
    expect(sent).toBe(27);
    const toAddress = (await settledOutbox()).filter(
      (m) => m.to === 'same@example.com' && !m.sendAfter,
    );
    expect(toAddress.filter((m) => m.status === 'sent')).toHaveLength(20);
    const held = toAddress.filter((m) => m.status === 'suppressed');
    expect(held).toHaveLength(7);
    for (const m of held) expect(m.lastError).toBe(VISITOR_EMAIL_LIMIT_REASONS.address);
  });

  it("count towards the site's hourly limit with the auto-replies", async () => {
    const settings = await admin.rest<Record<string, unknown>>('GET', '/notifications/settings');
    await admin.rest('PUT', '/notifications/settings', {
      ...settings.body,
      autoReplyHourlyLimit: 3,
    });
    for (let n = 0; n < 5; n++) {
      const lead = await newLead(t, n + 1);
      expect((await book(t, lead.token, time(n * 2))).status).toBe(201);
    }
    const toLeads = (await settledOutbox()).filter(
      (m) => m.kind === 'booking_invitation' && m.to.startsWith('lead'),
    );
    expect(toLeads.filter((m) => m.status === 'sent')).toHaveLength(3);
    for (const m of toLeads.filter((m) => m.status === 'suppressed'))
      expect(m.lastError).toBe(VISITOR_EMAIL_LIMIT_REASONS.hourly(3));
  });
});
