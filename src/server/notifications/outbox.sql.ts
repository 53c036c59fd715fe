import type { EntityManager } from '@mikro-orm/postgresql';
import { typedSql } from '../db/typed-sql';
import { Notification } from './notification.entity';
import type { TNotificationKind } from '../../shared/notifications.schema';

/** A rendered email for the outbox. */
export interface OutboxEmail {
  kind: TNotificationKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The contact it is about (none for a digest). */
  contactId?: number;
  /** iCalendar object sent along as an iMIP invitation. */
  calendar?: string;
  bookingId?: number;
  /** Not before this time (a reminder). */
  sendAfter?: Date;
  /** To an address a visitor typed, not to staff: the relay limits apply (visitor-email-limits.sql.ts). */
  toVisitor?: boolean;
}

/**
 * Writes messages to the outbox in one statement, past the unit of work (nothing reads them back
 * as entities here), and answers their ids in order.
 */
export async function insertMessages(
  em: EntityManager,
  messages: readonly OutboxEmail[],
  status: 'queued' | 'not_configured',
): Promise<number[]> {
  const createdAt = new Date();
  const rows = await typedSql(em, [Notification])
    .insertInto('notification_messages')
    .values(
      messages.map((m) => ({
        kind: m.kind,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        status,
        attempts: 0,
        contact_id: m.contactId ?? null,
        calendar: m.calendar ?? null,
        booking_id: m.bookingId ?? null,
        send_after: m.sendAfter ?? null,
        to_visitor: m.toVisitor ?? false,
        created_at: createdAt,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
