import { defineEntity, p } from '@mikro-orm/core';

/**
 * Accepted (clean) form submissions per hour. Counted apart from the contacts table because
 * admins delete contacts, and the Clean Submissions tile must not change when they do. An hour
 * has a row per database connection (server process id) that counted in it: every lead's
 * transaction updates a counter, and with one row per hour they all queued on its lock; with a
 * row per connection no two transactions ever want the same row.
 */
export const CleanSubmissionHour = defineEntity({
  name: 'CleanSubmissionHour',
  tableName: 'security_clean_submissions',
  properties: {
    hour: p.datetime().primary(),
    shard: p.integer().primary().default(0),
    count: p.integer().default(0),
  },
});
