// Durability of a booked call's invitations across a crash: the lead books while the mail server
// is down, the app is killed (SIGKILL) before the invitations went out, and after a restart the
// lead and the host each get theirs exactly once.
import { expect, it } from 'vitest';
import type { TBooking, TSlots } from '../src/shared/booking.schema';
import type { TOutboxMessage } from '../src/shared/notifications.schema';
import { adminApi } from './support/app-server';
import { alertSalesOnly, allowScriptedLeads, sendContactForm } from './support/leads';
import { useMailCrashDrill } from './support/mail-crash';
import { until } from '../src/server/test/until';

const drill = useMailCrashDrill();

/** The admin's API, answers read as JSON. */
async function signIn(url: string) {
  const api = await adminApi(url);
  return async <T>(method: string, path: string, body?: unknown): Promise<T> =>
    (await (await api(method, path, body)).json()) as T;
}

const invitations = (outbox: TOutboxMessage[]) =>
  outbox.filter((m) => m.kind === 'booking_invitation');

it('sends a booked call’s invitations exactly once after the app was killed before sending them', async () => {
  let app = await drill.start();
  let api = await signIn(app.url);
  const me = await api<{ id: number }>('GET', '/auth/me');
  await allowScriptedLeads(api);
  await alertSalesOnly(api);
  // The admin hosts around the clock, so a slot is always offered.
  await api('PUT', `/users/${me.id}/availability`, {
    timeZone: 'UTC',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
    overrides: [],
  });
  const submitted = await sendContactForm(app.url, {
    name: 'Crash Booker',
    email: 'booker@example.com',
    message: 'Hi',
  });
  const { booking } = (await submitted.json()) as { booking: { token: string } };
  const slots = (await (
    await fetch(`${app.url}/api/booking/slots?token=${booking.token}&days=3`)
  ).json()) as TSlots;
  const startsAt = slots.days.flatMap((d) => d.slots)[0]!.startsAt;
  const booked = await fetch(`${app.url}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: booking.token, startsAt }),
  });
  expect(booked.status).toBe(201);
  const { id } = (await booked.json()) as TBooking;

  // Both invitations were tried once against the dead mail server; then the app dies.
  const tried = await until('both invitations tried once', async () => {
    const sent = invitations(await api<TOutboxMessage[]>('GET', '/notifications/outbox'));
    return sent.length === 2 && sent.every((m) => m.lastError) ? sent : undefined;
  });
  expect(tried.map((m) => [m.status, m.attempts, m.bookingId])).toEqual([
    ['queued', 1, id],
    ['queued', 1, id],
  ]);
  const recovered = await drill.crashAndRecover();
  app = recovered.app;
  const { inbox } = recovered;
  await inbox.waitFor(3, 60_000); // the two invitations and the lead alert
  await new Promise((r) => setTimeout(r, 3000));
  const received = inbox.messages.filter((m) => m.subject?.includes('call'));
  const recipients = received.map((m) => (m.to && 'text' in m.to ? m.to.text : ''));
  expect(recipients).toHaveLength(2);
  expect(recipients).toContain('booker@example.com');
  expect(received.map((m) => m.messageId).sort()).toEqual(
    tried.map((m) => `<notification-${m.id}@convoza>`).sort(),
  );
  api = await signIn(app.url);
  const after = invitations(await api<TOutboxMessage[]>('GET', '/notifications/outbox'));
  expect(after.map((m) => [m.status, m.attempts])).toEqual([
    ['sent', 2],
    ['sent', 2],
  ]);
}, 150_000);
