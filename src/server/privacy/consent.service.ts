// The consent a submission records: the notice version it was sent under, the opt-in, the time.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContactConsentInput } from '../../shared/contact-fields';
import { AppError } from '../errors';
import { currentNoticeVersion } from './privacy-notices.service';

/** A consent as stored with its contact. */
export interface StoredConsent {
  noticeVersion: number | null;
  marketingOptIn: boolean;
  givenAt: Date | null;
}

/**
 * The consent of each submission received at `receivedAt`: the version the form showed (the
 * current one when the sender did not say, as for an integration that shows none) and the
 * opt-in, off unless ticked. A version not yet published is refused, naming the field. The
 * current notice is read once for them all.
 */
export async function consentsOnSubmission(
  em: EntityManager,
  submissions: readonly { given: TContactConsentInput | undefined; receivedAt: Date }[],
): Promise<StoredConsent[]> {
  const current = await currentNoticeVersion(em);
  return submissions.map(({ given, receivedAt }) => {
    const noticeVersion = given?.noticeVersion ?? current;
    if (noticeVersion > current)
      throw new AppError(
        'BAD_REQUEST',
        `There is no privacy notice version ${noticeVersion} (the current one is ${current})`,
        'consent.noticeVersion',
      );
    return { noticeVersion, marketingOptIn: given?.marketingOptIn ?? false, givenAt: receivedAt };
  });
}
