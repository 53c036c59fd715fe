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
    const refused = unpublishedNotice(given, current);
    if (refused) throw refused;
    return { noticeVersion, marketingOptIn: given?.marketingOptIn ?? false, givenAt: receivedAt };
  });
}

/** The 400 for a consent naming a version not yet published (`current` is), or null. */
export function unpublishedNotice(
  given: TContactConsentInput | undefined,
  current: number,
): AppError | null {
  const version = given?.noticeVersion;
  return version !== undefined && version > current
    ? new AppError(
        'BAD_REQUEST',
        `There is no privacy notice version ${version} (the current one is ${current})`,
        'consent.noticeVersion',
      )
    : null;
}
