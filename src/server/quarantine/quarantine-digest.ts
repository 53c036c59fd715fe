// A daily email to the alert recipients while submissions wait in quarantine: a genuine lead with
// three links, or one over the rate limit, must not wait unseen until it expires.
import type { EntityManager } from '@mikro-orm/postgresql';
import { QUARANTINE_DAYS } from '../../shared/quarantine.schema';
import { lockForTransaction } from '../db/advisory-lock.sql';
import { getNotificationSettings } from '../notifications/notification-settings.service';
import { queueEmails, queuedSince, type Notifier } from '../notifications/outbox.service';
import { textToHtml } from '../notifications/email-text.service';
import { QuarantinedSubmission } from './quarantined-submission.entity';

const DAY_MS = 24 * 3600_000;
/** The newest held submissions the digest lists; the screen shows them all. */
const LISTED = 10;

/**
 * Queues the digest when submissions wait, alert recipients exist and none went out in the last
 * 24 hours; returns the messages queued. Every instance runs it: the lock makes one of them do it.
 */
export function queueQuarantineDigest(
  em: EntityManager,
  now: Date,
  notifier: Notifier,
): Promise<number> {
  return em.transactional(async (tem) => {
    await lockForTransaction(tem, 'quarantine_digest');
    const waiting = { expiresAt: { $gt: now } };
    const total = await tem.count(QuarantinedSubmission, waiting);
    if (!total) return 0;
    const { alertRecipients } = await getNotificationSettings(tem);
    if (!alertRecipients.length) return 0;
    if (await queuedSince(tem, 'quarantine_digest', new Date(now.getTime() - DAY_MS))) return 0;
    const newest = await tem.find(QuarantinedSubmission, waiting, {
      orderBy: { id: 'desc' },
      limit: LISTED,
    });
    const subject = `${total} ${total === 1 ? 'submission waits' : 'submissions wait'} in quarantine`;
    const lines = newest.map(
      (q) =>
        `- ${q.payload.name} <${q.payload.email}>, ${q.createdAt.toISOString().slice(0, 10)}: ${q.reason}`,
    );
    const text = [
      `${subject}: held by the content filter or the rate limit, they are deleted after ${QUARANTINE_DAYS} days unless someone releases them.`,
      '',
      total > LISTED ? `The newest ${LISTED}:` : 'They are:',
      ...lines,
      '',
      `Review them: ${notifier.publicUrl}/admin/security`,
    ].join('\n');
    await queueEmails(
      tem,
      alertRecipients.map((to) => ({
        kind: 'quarantine_digest',
        to,
        subject,
        text,
        html: textToHtml(text),
      })),
      notifier,
    );
    return alertRecipients.length;
  });
}
