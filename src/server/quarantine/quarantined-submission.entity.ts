import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { TContactSubmit } from '../../shared/contacts.schema';
import { PERSONAL } from '../db/personal-data';

/**
 * A submission only the content filter objected to, kept for review instead of lost: Release
 * makes it a normal lead (with its alerts), Delete drops it, and it expires after 30 days.
 */
export const QuarantinedSubmission = defineEntity({
  name: 'QuarantinedSubmission',
  tableName: 'quarantined_submissions',
  properties: {
    id: p.integer().primary().autoincrement(),
    reason: p.string().length(500),
    /** The validated form fields (attribution included), as storeLead takes them. */
    payload: p.json<TContactSubmit>().groups(PERSONAL),
    source: p.string().length(20),
    ip: p.string().length(64).nullable().groups(PERSONAL),
    userAgent: p.string().length(500).nullable().groups(PERSONAL),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .index(),
    expiresAt: p.datetime().index(),
  },
});
export type IQuarantinedSubmission = InferEntity<typeof QuarantinedSubmission>;
