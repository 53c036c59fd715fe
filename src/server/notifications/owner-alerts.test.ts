// Each user's own emails (GET|PUT /api/account/notifications), over REST and tRPC, and what they
// govern: the alert a routed lead's owner gets, and a task's reminder.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type TNotificationPreferences,
} from '../../shared/notifications.schema';
import type { RestErrorBody } from '../test/rest-error-body';
import { useMailTestApp, useSignedIn } from '../test/use-test-app';

const { inbox, t } = await useMailTestApp();
const admin = useSignedIn(t, 'admin');

const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.db.em().getConnection().execute<T[]>(text, params);

beforeEach(async () => {
  await admin.rest('PUT', '/notifications/settings', {
    ...DEFAULT_NOTIFICATION_SETTINGS,
    alertRecipients: ['sales@convoza.test'],
    autoReplyEnabled: false,
  });
});

/** A lead entered with no owner: round-robin gives it to the pool. */
const newLead = (n: number) =>
  admin.trpc.admin.contacts.createManual.mutate({ name: `Lead ${n}`, email: `lead${n}@x.test` });

const alertsTo = async (email: string) =>
  (
    await sql<{ to: string }>(
      `select "to" from notification_messages where kind = 'alert' and "to" = ?`,
      [email],
    )
  ).length;

describe('GET|PUT /api/account/notifications', () => {
  it('starts with both on, saves a change over REST and reads it over tRPC', async () => {
    const me = await t.signedIn('admin');
    expect((await me.rest('GET', '/account/notifications')).body).toEqual({
      newLeadEmail: true,
      taskReminderEmail: true,
    });
    const saved = await me.rest<TNotificationPreferences>('PUT', '/account/notifications', {
      newLeadEmail: false,
      taskReminderEmail: true,
    });
    expect(saved.status).toBe(200);
    expect(await me.trpc.admin.notifications.myPreferences.query()).toEqual({
      newLeadEmail: false,
      taskReminderEmail: true,
    });
    await me.trpc.admin.notifications.setMyPreferences.mutate({
      newLeadEmail: true,
      taskReminderEmail: false,
    });
    expect((await me.rest('GET', '/account/notifications')).body).toMatchObject({
      taskReminderEmail: false,
    });
    // Mine only: another user still has the defaults.
    expect((await admin.rest('GET', '/account/notifications')).body).toMatchObject({
      newLeadEmail: true,
    });
  });

  it('refuses bad input with 400 naming the field, and strangers with 401', async () => {
    for (const [body, field] of [
      [{ newLeadEmail: 'no', taskReminderEmail: true }, 'newLeadEmail'],
      [{ newLeadEmail: true }, 'taskReminderEmail'],
    ] as const) {
      const res = await admin.rest<RestErrorBody>('PUT', '/account/notifications', body);
      expect(res.status).toBe(400);
      expect(res.body.data?.fieldErrors?.[field]).toBeTruthy();
    }
    const extra = await admin.rest('PUT', '/account/notifications', {
      newLeadEmail: true,
      taskReminderEmail: true,
      digest: true,
    });
    expect(extra.status).toBe(400);
    expect((await t.anonymous().rest('GET', '/account/notifications')).status).toBe(401);
  });
});

describe('a lead routed to its owner', () => {
  it('alerts the owner besides the fixed list, unless they turned it off or are on the list', async () => {
    const rep = await t.signedIn('admin', 'rep-alerted');
    await admin.rest('PUT', '/lead-routing', { userIds: [rep.userId] });
    await newLead(1);
    const mails = await inbox.waitFor(2);
    expect(mails.map((m) => JSON.stringify(m.to)).sort()).toEqual([
      expect.stringContaining('rep-alerted@example.com'),
      expect.stringContaining('sales@convoza.test'),
    ]);
    expect(mails.every((m) => m.subject?.includes('Lead 1'))).toBe(true);

    await rep.rest('PUT', '/account/notifications', {
      newLeadEmail: false,
      taskReminderEmail: true,
    });
    await newLead(2);
    expect(await alertsTo('rep-alerted@example.com')).toBe(1);

    await rep.rest('PUT', '/account/notifications', {
      newLeadEmail: true,
      taskReminderEmail: true,
    });
    await admin.rest('PUT', '/notifications/settings', {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      alertRecipients: ['sales@convoza.test', 'REP-ALERTED@example.com'],
      autoReplyEnabled: false,
    });
    await newLead(3);
    const third = await sql<{ to: string }>(
      `select m."to" from notification_messages m join contacts c on c.id = m.contact_id
        where c.name = 'Lead 3' and m.kind = 'alert' order by m."to"`,
    );
    expect(third.map((r) => r.to)).toEqual(['rep-alerted@example.com', 'sales@convoza.test']);
  });

  it('sends no task reminder to someone who turned reminders off', async () => {
    await admin.rest('PUT', '/account/notifications', {
      newLeadEmail: true,
      taskReminderEmail: false,
    });
    await admin.trpc.admin.tasks.create.mutate({
      title: 'Quiet task',
      dueAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(await sql(`select id from notification_messages where kind = 'task_reminder'`)).toEqual(
      [],
    );
  });
});
