// The relay limits decide a whole batch of messages to visitors at once (one read of what was
// released before, one stamp): a later message of the batch counts the ones released ahead of
// it exactly as if they had been sent one by one.
import { beforeEach, describe, expect, it } from 'vitest';
import type { TNotificationKind } from '../../shared/notifications.schema';
import { queryRows } from '../test/pg-admin';
import { useTestApp } from '../test/use-test-app';
import {
  getNotificationSettings,
  updateNotificationSettings,
} from './notification-settings.service';
import {
  releaseVisitorEmails,
  VISITOR_EMAIL_LIMIT_REASONS,
  VISITOR_EMAIL_LIMITS,
} from './visitor-email-limits.sql';

const t = useTestApp();

/** Queued messages to visitors (released `releasedAgo` ago when given), in order. */
async function messages(
  list: { kind: TNotificationKind; to: string; bookingId?: number }[],
  releasedAgo?: string,
) {
  const rows = await queryRows<{ id: number }>(
    t.db.url,
    `insert into notification_messages (kind, "to", subject, text, html, status, attempts, created_at, to_visitor, booking_id, released_at)
     select kind, "to", 'Subject', 'Text', '<p>Text</p>', 'queued', 0, now(), true, booking_id,
            case when $4::text is null then null else now() - $4::interval end
       from unnest($1::text[], $2::text[], $3::int[]) with ordinality as m(kind, "to", booking_id, n)
      order by n
     returning id`,
    [
      list.map((m) => m.kind),
      list.map((m) => m.to),
      list.map((m) => m.bookingId ?? null),
      releasedAgo ?? null,
    ],
  );
  return list.map((m, i) => ({ ...m, id: rows[i]!.id }));
}

const released = async (ids: number[]) =>
  (
    await queryRows<{ id: number }>(
      t.db.url,
      'select id from notification_messages where id = any($1) and released_at is not null order by id',
      [ids],
    )
  ).map((r) => r.id);

async function setHourlyLimit(limit: number) {
  const em = t.deps.orm.em.fork();
  await updateNotificationSettings(em, {
    ...(await getNotificationSettings(em)),
    autoReplyHourlyLimit: limit,
  });
}

beforeEach(() => queryRows(t.db.url, 'delete from notification_messages'));

describe('the relay limits on one batch', () => {
  it('count the messages released ahead in the batch: one auto-reply per address, the hourly limit', async () => {
    await setHourlyLimit(5);
    const batch = await messages([
      { kind: 'auto_reply', to: 'Ann@Example.com' },
      { kind: 'auto_reply', to: 'ann@example.COM' },
      ...['c', 'd', 'e', 'f', 'g'].map((n) => ({
        kind: 'booking_invitation' as const,
        to: `${n}@example.com`,
        bookingId: 1,
      })),
    ]);
    const outcomes = await releaseVisitorEmails(t.deps.orm.em.fork(), batch);
    expect(batch.map((m) => outcomes.get(m.id))).toEqual([
      null,
      VISITOR_EMAIL_LIMIT_REASONS.autoReply,
      null,
      null,
      null,
      null,
      VISITOR_EMAIL_LIMIT_REASONS.hourly(5),
    ]);
    const sendable = batch.filter((m) => outcomes.get(m.id) === null).map((m) => m.id);
    expect(await released(batch.map((m) => m.id))).toEqual(sendable);

    // The next batch counts what this one released.
    await setHourlyLimit(100);
    const [again] = await messages([{ kind: 'auto_reply', to: 'ANN@example.com' }]);
    const next = await releaseVisitorEmails(t.deps.orm.em.fork(), [again!]);
    expect(next.get(again!.id)).toBe(VISITOR_EMAIL_LIMIT_REASONS.autoReply);
    expect(await released([again!.id])).toEqual([]);
  });

  it('add the batch to what was released before: per address and per booked call a day', async () => {
    await setHourlyLimit(1000);
    const { perAddressPerDay, perBookingPerDay } = VISITOR_EMAIL_LIMITS;
    await messages(
      Array.from({ length: perAddressPerDay - 1 }, () => ({
        kind: 'booking_invitation' as const,
        to: 'often@example.com',
      })),
      '2 hours',
    );
    await messages(
      Array.from({ length: perBookingPerDay - 1 }, (_, i) => ({
        kind: 'booking_invitation' as const,
        to: `guest${i}@example.com`,
        bookingId: 42,
      })),
      '3 hours',
    );
    // Released a day and more ago: no longer counted.
    await messages([{ kind: 'booking_invitation', to: 'often@example.com' }], '25 hours');
    const batch = await messages([
      { kind: 'booking_invitation', to: 'often@example.com' },
      { kind: 'booking_invitation', to: 'Often@example.com' },
      { kind: 'booking_invitation', to: 'host@example.com', bookingId: 42 },
      { kind: 'booking_invitation', to: 'other@example.com', bookingId: 42 },
      { kind: 'booking_invitation', to: 'other@example.com', bookingId: 43 },
    ]);
    const outcomes = await releaseVisitorEmails(t.deps.orm.em.fork(), batch);
    expect(batch.map((m) => outcomes.get(m.id))).toEqual([
      null,
      VISITOR_EMAIL_LIMIT_REASONS.address,
      null,
      VISITOR_EMAIL_LIMIT_REASONS.booking,
      null,
    ]);
  });
});
