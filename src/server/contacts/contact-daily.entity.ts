import { defineEntity, p } from '@mikro-orm/core';

/**
 * New contacts per day, source and UTM campaign, as deltas written by statement triggers on
 * `contacts` in the writing transaction (Migration20261124200100), like ContactCountDelta: the
 * analytics read a few hundred rows instead of a month of contacts. Folded by the maintenance job.
 * Days are the company's (its time zone, Migration20261127130158); a new zone recounts them.
 */
export const ContactDailyDelta = defineEntity({
  name: 'ContactDailyDelta',
  tableName: 'contact_daily_deltas',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    day: p.date().index(),
    source: p.text(),
    utmCampaign: p.text().nullable(),
    delta: p.bigint('number'),
  },
});
