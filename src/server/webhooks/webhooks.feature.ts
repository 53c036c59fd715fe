import type { EntityManager } from '@mikro-orm/postgresql';
import type { TBooking } from '../../shared/booking.schema';
import { getContact, getContacts } from '../contacts/contacts.service';
import type { Feature } from '../feature';
import { queueWebhookData, queueWebhookEvent, queueWebhookEvents } from './webhook-events.service';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { WEBHOOK_QUEUE } from './webhook.queue';
import { startWebhookWorker } from './webhook-worker';

export const webhooksFeature: Feature = {
  name: 'webhooks',
  entities: [WebhookEndpoint, WebhookDelivery],
  queues: [WEBHOOK_QUEUE],
  startWorkers: async ({ queue, orm, notifier }) => {
    if (notifier.webhooks) await startWebhookWorker(queue, orm, notifier.webhooks);
  },
  subscriptions: ({ notifier }) => {
    /** A booking event's body: `{ booking, contact }`, the contact as it is now. */
    const bookingEvent =
      (event: 'booking.created' | 'booking.rescheduled' | 'booking.cancelled') =>
      (em: EntityManager, { contactId, booking }: { contactId: number; booking: TBooking }) =>
        queueWebhookEvent(em, event, () => getContact(em, contactId), notifier.webhooks, {
          booking,
        });
    return {
      // contact.created is for a lead arriving (the form, an integration's key, a release from
      // quarantine). Its payload is the contact as it now is, with the owner routing may have
      // given it: read when an endpoint wants it, one read for a group commit's leads (queued
      // together: one insert, one enqueue).
      'contact.created': [
        {
          all: (em, events) =>
            queueWebhookEvents(
              em,
              'contact.created',
              () =>
                getContacts(
                  em,
                  events.map((e) => e.contact.id),
                ),
              notifier.webhooks,
            ),
        },
      ],
      'contact.status_changed': [
        (em, { contact }) =>
          queueWebhookEvent(em, 'contact.status_changed', contact, notifier.webhooks),
      ],
      'booking.created': [bookingEvent('booking.created')],
      'booking.rescheduled': [bookingEvent('booking.rescheduled')],
      'booking.cancelled': [bookingEvent('booking.cancelled')],
      // Downstream systems drop their copies too; the body names no one, only the ids.
      'person.erased': [
        (em, { contactIds, erasedAt }) =>
          contactIds.length
            ? queueWebhookData(em, 'contact.erased', notifier.webhooks, async () => ({
                contactId: null,
                data: { contactIds, erasedAt },
              }))
            : Promise.resolve(),
      ],
    };
  },
};
