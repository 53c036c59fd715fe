import { defineEntity, p } from '@mikro-orm/core';

/**
 * One page view, as the server keeps it: no IP address, no user agent, no query string but the
 * `utm_*` parameters, the referrer as its host. `visitor` is a keyed hash of the day's salt, the
 * network and the browser, so one visitor is recognised within a UTC day and never across days.
 * Partitioned by month (page-view-partitions.sql.ts): months past ANALYTICS_RAW_DAYS are dropped
 * whole.
 */
export const PageView = defineEntity({
  name: 'PageView',
  tableName: 'page_views',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    viewedAt: p.datetime().primary(),
    /** The UTC day of `viewedAt`, whose salt made `visitor`. */
    day: p.date(),
    visitor: p.text(),
    /**
     * The network it came from (the IPv4 address or IPv6 /48) as a keyed hash of the day's salt,
     * like `visitor`: how many networks a key was seen from (a top list needs three). Null for
     * page views stored before networks were.
     */
    network: p.text().nullable(),
    path: p.text(),
    referrerHost: p.text().nullable(),
    utmSource: p.text().nullable(),
    utmMedium: p.text().nullable(),
    utmCampaign: p.text().nullable(),
    utmTerm: p.text().nullable(),
    utmContent: p.text().nullable(),
    device: p.text(),
  },
  indexes: [
    { name: 'page_views_visitor_index', properties: ['visitor', 'viewedAt'] },
    { name: 'page_views_day_index', properties: ['day'] },
    // The last minutes: live visitors, the rows after the roll-ups. A B-tree, not a block-range
    // index: BRIN leaves the ranges written since the last vacuum unsummarised, and a read then
    // rechecks every row of them (300 ms at 10 million page views).
    { name: 'page_views_viewed_at_index', properties: ['viewedAt'] },
  ],
});
