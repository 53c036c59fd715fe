import { defineEntity, p } from '@mikro-orm/core';

/**
 * What a roll-up row counts: a whole day, or one page, referrer, campaign or device of it; or,
 * `entry`, the visitors whose day began there (key1 source, key2 campaign, key3 landing page).
 */
export const ROLLUP_KINDS = ['total', 'page', 'referrer', 'campaign', 'device', 'entry'] as const;

/**
 * Visitors and page views of one UTC day, whole and by page, referrer host, campaign (source,
 * medium, campaign) and device, up to its mark's `through` (page-view-rollups.sql.ts): the
 * traffic figures read these instead of the day's raw rows, and they outlive the raw rows.
 * A key left empty ('') is a page view without that value (no referrer, no campaign).
 */
export const PageViewRollup = defineEntity({
  name: 'PageViewRollup',
  tableName: 'page_view_rollups',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    day: p.date(),
    kind: p.enum(ROLLUP_KINDS),
    key1: p.text().default(''),
    key2: p.text().default(''),
    key3: p.text().default(''),
    visitors: p.integer(),
    pageviews: p.integer(),
    /** Distinct networks the row's page views came from that day (visitors, for older rows). */
    networks: p.integer().default(0),
  },
  indexes: [{ name: 'page_view_rollups_day_kind_index', properties: ['day', 'kind'] }],
});

/**
 * The days whose roll-ups are written (a day with no page views has no other row), and up to
 * when: the next day's first instant once the day is rolled up for good, a minute before the last
 * run for today.
 */
export const PageViewRolledDay = defineEntity({
  name: 'PageViewRolledDay',
  tableName: 'page_view_rolled_days',
  properties: {
    day: p.date().primary(),
    through: p.datetime(),
  },
});
