import { defineEntity, p } from '@mikro-orm/core';

/**
 * Accepted (clean) form submissions per hour. Counted apart from the contacts table because
 * admins delete contacts, and the Clean Submissions tile must not change when they do. Each hour
 * has up to CLEAN_COUNTER_SHARDS rows, one per database connection's slot: every lead's
 * transaction updates a counter, and with one row per hour they all queued on its lock.
 */
export const CleanSubmissionHour = defineEntity({
  name: 'CleanSubmissionHour',
  tableName: 'security_clean_submissions',
  properties: {
    hour: p.datetime().primary(),
    shard: p.smallint().primary().default(0),
    count: p.integer().default(0),
  },
});
