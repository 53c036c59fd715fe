// The privacy notice's versions: published one after another, never edited, so each consent can
// name the text its person was shown.
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  FIRST_PRIVACY_NOTICE,
  type TPrivacyNotice,
  type TPrivacyNoticeCreate,
} from '../../shared/privacy.schema';
import { cachedRead, invalidateShared } from '../db/shared-cache';
import { notFound } from '../errors';
import { PrivacyNotice } from './privacy-notice.entity';

type NoticeRow = InstanceType<typeof PrivacyNotice.class>;

const toView = (row: NoticeRow): TPrivacyNotice => ({
  version: row.version,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy ? { id: row.createdBy.id, username: row.createdBy.username } : null,
});

/** Every version, newest (the current one) first. */
export async function listPrivacyNotices(em: EntityManager): Promise<TPrivacyNotice[]> {
  const rows = await em.find(
    PrivacyNotice,
    {},
    { orderBy: { version: 'desc' }, populate: ['createdBy'] },
  );
  // Before any was asked for, the first version is written now.
  return rows.length ? rows.map(toView) : [await currentPrivacyNotice(em)];
}

/** The version people are shown now (the first one is written when first asked for). */
export async function currentPrivacyNotice(em: EntityManager): Promise<TPrivacyNotice> {
  const latest = () =>
    em.find(PrivacyNotice, {}, { orderBy: { version: 'desc' }, limit: 1, populate: ['createdBy'] });
  let [row] = await latest();
  if (!row) {
    await em.upsert(
      PrivacyNotice,
      { version: 1, text: FIRST_PRIVACY_NOTICE, createdBy: null },
      { onConflictAction: 'ignore' },
    );
    [row] = await latest();
  }
  return toView(row!);
}

const CURRENT_VERSION_KEY = 'privacy_notice_version';

/**
 * The current version's number, which every lead's consent names: from the shared cache, which a
 * publication empties on every instance as it commits.
 */
export function currentNoticeVersion(em: EntityManager): Promise<number> {
  return cachedRead(em, CURRENT_VERSION_KEY, async () => (await currentPrivacyNotice(em)).version);
}

/** One version as published; 404 when there is none (yet). */
export async function privacyNoticeVersion(
  em: EntityManager,
  version: number,
): Promise<TPrivacyNotice> {
  if (version === 1) await currentPrivacyNotice(em); // the first is written when first asked for
  const row = await em.findOne(PrivacyNotice, { version }, { populate: ['createdBy'] });
  if (!row) throw notFound('Privacy notice version', version);
  return toView(row);
}

/**
 * Publishes the next version. Two published at once would take the same number: the second is
 * refused as a conflict (the primary key), and its author publishes again.
 */
export async function publishPrivacyNotice(
  em: EntityManager,
  input: TPrivacyNoticeCreate,
  actorId: number,
): Promise<TPrivacyNotice> {
  return em.transactional(async (tem) => {
    const current = await currentPrivacyNotice(tem);
    const row = tem.create(PrivacyNotice, {
      version: current.version + 1,
      text: input.text,
      createdBy: actorId,
    });
    await tem.flush();
    await invalidateShared(tem, CURRENT_VERSION_KEY);
    await tem.populate(row, ['createdBy']);
    return toView(row);
  });
}
