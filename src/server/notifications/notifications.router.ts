import { z } from 'zod';
import {
  ZNotificationSettings,
  ZNotificationSettingsView,
  ZEmailStatus,
  ZOutboxFind,
  ZOutboxMessage,
  ZNotificationPreferences,
} from '../../shared/notifications.schema';
import { adminProcedure, authedProcedure, router } from '../trpc/trpc';
import {
  getNotificationPreferences,
  setNotificationPreferences,
} from './notification-preferences.service';
import { listOutbox } from './email-delivery.service';
import { retryNotification } from './email-retry.service';
import { ZIdInput } from '../../shared/text.schema';
import { restRoutes } from '../trpc/rest-meta';
import {
  getNotificationSettings,
  updateNotificationSettings,
} from './notification-settings.service';

const rest = restRoutes(['notifications'], 'notification_settings');
const accountRest = restRoutes(['account'], 'user');

export const adminNotificationsRouter = router({
  myPreferences: authedProcedure
    .meta(
      accountRest(
        'GET',
        '/account/notifications',
        'My own emails: new leads routed to me, task reminders',
      ),
    )
    .input(z.void())
    .output(ZNotificationPreferences)
    .query(({ ctx }) => getNotificationPreferences(ctx.em, ctx.actor.userId)),

  setMyPreferences: authedProcedure
    .meta(
      accountRest('PUT', '/account/notifications', 'Turn my own emails on or off', {
        audit: 'update_settings',
      }),
    )
    .input(ZNotificationPreferences)
    .output(ZNotificationPreferences)
    .mutation(({ ctx, input }) => setNotificationPreferences(ctx.em, ctx.actor.userId, input)),

  settings: adminProcedure
    .meta(
      rest(
        'GET',
        '/notifications/settings',
        'Lead alert recipients, auto-reply switch and the templates of both emails',
      ),
    )
    .input(z.void())
    .output(ZNotificationSettingsView)
    .query(({ ctx }) => getNotificationSettings(ctx.em)),

  updateSettings: adminProcedure
    .meta(
      rest('PUT', '/notifications/settings', 'Save the notification settings', {
        audit: 'update_settings',
        description:
          'Templates may use {{name}}, {{email}}, {{company}}, {{phone}}, {{message}}, {{source}} and {{contactUrl}}.',
      }),
    )
    .input(ZNotificationSettings)
    .output(ZNotificationSettingsView)
    .mutation(({ ctx, input }) => updateNotificationSettings(ctx.em, input)),

  status: adminProcedure
    .meta(
      rest(
        'GET',
        '/notifications/status',
        'Whether lead emails are sent (SMTP_URL set) and from which address',
      ),
    )
    .input(z.void())
    .output(ZEmailStatus)
    .query(({ ctx }) => {
      const { mailer } = ctx.deps.notifier;
      return { emailConfigured: Boolean(mailer), from: mailer?.from ?? null };
    }),

  outbox: adminProcedure
    .meta(
      rest(
        'GET',
        '/notifications/outbox',
        'Every lead email, newest first, with its delivery status',
      ),
    )
    .input(ZOutboxFind)
    .output(z.array(ZOutboxMessage))
    .query(({ ctx, input }) => listOutbox(ctx.em, input)),

  retry: adminProcedure
    .meta(
      rest(
        'POST',
        '/notifications/outbox/{id}/retry',
        'Send a failed message again (same Message-ID)',
        { audit: { action: 'retry', entity: 'notification' } },
      ),
    )
    .input(ZIdInput)
    .output(ZOutboxMessage)
    .mutation(({ ctx, input }) => retryNotification(ctx.em, input.id, ctx.deps.notifier)),
});
