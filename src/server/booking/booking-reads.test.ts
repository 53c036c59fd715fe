// A booking's row with its people is read once per change: the change reads it after writing
// for its answer, and the invitation emails take that row (booking-reads.sql.ts) instead of
// reading it again. Counted on the ORM's own pg client, statement by statement.
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { queryRows } from '../test/pg-admin';
import { useSignedIn, useTestApp } from '../test/use-test-app';
import { book } from './booking-test-support';
import { bookingLinkFor } from './bookings.service';

// The pg the ORM's driver loads (its own copy), whose client sends every statement.
const pg = createRequire(import.meta.resolve('@mikro-orm/postgresql'))('pg') as typeof import('pg');

const t = useTestApp();
const admin = useSignedIn(t);

/** The statements the app sends while `work` runs. */
async function statementsDuring(work: () => Promise<void>): Promise<string[]> {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (text) sent.push(text);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent;
}

it('reads a new booking with its people once, for the answer and the invitations', async () => {
  await admin.rest('PUT', `/users/${admin.userId}/availability`, {
    timeZone: 'UTC',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
    overrides: [],
  });
  const [lead] = await queryRows<{ id: number }>(
    t.db.url,
    `insert into contacts (name, email, source, owner_id) values ('Ada', 'ada@example.com', 'api', $1) returning id`,
    [admin.userId],
  );
  const link = await bookingLinkFor(t.deps.orm.em.fork(), lead!.id, 168);
  const slots = await t
    .anonymous()
    .rest<{ days: { slots: { startsAt: string }[] }[] }>(
      'GET',
      `/booking/slots?token=${encodeURIComponent(link!.token)}&days=7`,
    );
  const startsAt = slots.body.days.flatMap((d) => d.slots)[0]!.startsAt;

  let status = 0;
  const sent = await statementsDuring(async () => {
    status = (await book(t, link!.token, startsAt)).status;
  });
  expect(status).toBe(201);
  const readsWithPeople = sent.filter(
    (s) => s.includes('from "bookings" as "b"') && s.includes('"users" as "u"'),
  );
  expect(readsWithPeople).toHaveLength(1);
  // The invitations were written in the same change (from that one row).
  const [invitations] = await queryRows<{ n: string }>(
    t.db.url,
    "select count(*) as n from notification_messages where kind = 'booking_invitation'",
  );
  expect(Number(invitations!.n)).toBeGreaterThan(0);
});
