import { defineEntity, p } from '@mikro-orm/core';
import { PAGE_VIEW_CAPS } from '../../shared/web-analytics.schema';

/**
 * A UTC day's page-view budget (page-view-intake.sql.ts): how many were stored and dropped past
 * the day's cap, and which caps were reached (the Security Center shows them). Its row lock
 * orders the instances' writes of the day, so no cap is passed by two at once.
 */
export const PageViewDay = defineEntity({
  name: 'PageViewDay',
  tableName: 'page_view_days',
  properties: {
    day: p.date().primary(),
    views: p.integer().default(0),
    dropped: p.integer().default(0),
    /** The caps reached that day, of PAGE_VIEW_CAPS. */
    capped: p.enum(PAGE_VIEW_CAPS).array().default([]),
  },
});

/**
 * The distinct values a day's page views may keep, per kind (a path, a referrer host, a UTM
 * value): once a kind has the day's cap of them, a new value is stored as FOLDED_KEY, so a flood
 * of distinct values costs neither storage nor roll-up rows. Kept for today and yesterday only.
 */
export const PageViewDayKey = defineEntity({
  name: 'PageViewDayKey',
  tableName: 'page_view_day_keys',
  properties: {
    day: p.date().primary(),
    kind: p.text().primary(),
    key: p.text().primary(),
  },
});

/**
 * The distinct visitors each network (hashed as in page_views) counted for on a day, at most
 * VISITORS_PER_NETWORK: further browsers of that network count as one more visitor, so one
 * network cannot write the visitor counts. Deleted with the day's salt.
 */
export const PageViewDayVisitor = defineEntity({
  name: 'PageViewDayVisitor',
  tableName: 'page_view_day_visitors',
  properties: {
    day: p.date().primary(),
    network: p.text().primary(),
    visitor: p.text().primary(),
  },
});
