import { defineEntity, p } from '@mikro-orm/core';
import { creationTime } from '../db/timestamps';
import { User } from '../users/user.entity';

/**
 * A version of the privacy notice, as published: rows are only ever added (a consent names the
 * version it was given under, so its text must stay what the person read). The highest version
 * is the current one; the first is written when first asked for (privacy-notices.service.ts).
 */
export const PrivacyNotice = defineEntity({
  name: 'PrivacyNotice',
  tableName: 'privacy_notices',
  properties: {
    version: p.integer().primary().autoincrement(false),
    text: p.text(),
    createdAt: creationTime(),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
  },
});
