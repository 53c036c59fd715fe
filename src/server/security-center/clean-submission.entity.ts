import { defineEntity, p } from '@mikro-orm/core';

/**
 * Accepted (clean) form submissions per hour. Counted apart from the contacts table because
 * admins delete contacts, and the Clean Submissions tile must not change when they do.
 */
export const CleanSubmissionHour = defineEntity({
  name: 'CleanSubmissionHour',
  tableName: 'security_clean_submissions',
  properties: {
    hour: p.datetime().primary(),
    count: p.integer().default(0),
  },
});
