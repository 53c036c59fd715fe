// When a person is erased, their calls still ahead are called off: the host is told and gets a
// calendar cancellation, and the person gets nothing (they asked for their data to go, and the
// address is about to). Neither message names the person, so nothing of theirs stays behind in
// the outbox. Subscribed to person.erasing, before the rows are deleted.
import type { EntityManager } from '@mikro-orm/postgresql';
import { queueEmails, type Notifier, type OutboxEmail } from '../notifications/outbox.service';
import { textToHtml } from '../notifications/email-text.service';
import { displayName } from '../../shared/users.schema';
import { upcomingBookingsOfContacts, type BookingWithPeople } from './booking-reads.sql';
import { whenIn } from './booking-emails';
import { bookingNow } from './clock';
import { calendarText } from './icalendar';

function hostNotice(row: BookingWithPeople, publicUrl: string): OutboxEmail {
  const hostName = displayName({
    firstName: row.first_name,
    lastName: row.last_name,
    username: row.username,
  });
  const when = whenIn(row.starts_at, row.host_zone ?? 'UTC');
  const calendar = calendarText(
    'CANCEL',
    [
      {
        bookingId: row.id,
        sequence: row.sequence + 1,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        cancelled: true,
        summary: 'Convoza strategy call (cancelled)',
        description: 'Cancelled: the lead asked for their data to be erased.',
        url: `${publicUrl}/admin/meetings`,
        organizer: { name: hostName, email: row.host_email },
      },
    ],
    bookingNow(),
  );
  const text = `Your strategy call on ${when} is cancelled: the lead asked us to erase their data, so their details are no longer held and they were not emailed.\n\nMeetings: ${publicUrl}/admin/meetings`;
  return {
    kind: 'booking_invitation',
    to: row.host_email,
    subject: `Call cancelled (lead's data erased): ${when}`.slice(0, 300),
    text,
    html: textToHtml(text),
    calendar,
  };
}

/** Queues a notice to the host of each call of these contacts still ahead. */
export async function tellHostsOfErasedLeads(
  em: EntityManager,
  contactIds: readonly number[],
  notifier: Notifier,
): Promise<void> {
  const calls = await upcomingBookingsOfContacts(em, contactIds, bookingNow());
  await queueEmails(
    em,
    calls.map((row) => hostNotice(row, notifier.publicUrl)),
    notifier,
  );
}
