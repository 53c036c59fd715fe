import type { Feature } from '../feature';
import { PageView } from './page-view.entity';
import { PageViewRolledDay, PageViewRollup } from './page-view-rollup.entity';
import { rollUpPageViews } from './page-view-rollups.sql';
import { dropOldPageViewPartitions, ensurePageViewPartitions } from './page-view-partitions.sql';
import { forgetOldDayKeys } from './page-view-intake.sql';
import { PageViewDay, PageViewDayKey, PageViewDayVisitor } from './page-view-day.entity';
import { VisitorSalt } from './visitor-salt.entity';
import { forgetOldSalts } from './visitors.sql';
import { seedDemoPageViews } from './web-analytics.demo';
import { firstTouchExport } from './first-touch-export.sql';

/** First-party, cookie-less page views (POST /api/collect) and the leads' first touch. */
export const webAnalyticsFeature: Feature = {
  name: 'web-analytics',
  entities: [
    PageView,
    VisitorSalt,
    PageViewRollup,
    PageViewRolledDay,
    PageViewDay,
    PageViewDayKey,
    PageViewDayVisitor,
  ],
  privacy: { export: [firstTouchExport] },
  seedDemo: seedDemoPageViews,
  maintenance: [
    { name: 'pageViewPartitions', run: (em, now) => ensurePageViewPartitions(em, now) },
    { name: 'visitorSalts', run: (em, now) => forgetOldSalts(em, now) },
    { name: 'pageViewDayKeys', run: (em, now) => forgetOldDayKeys(em, now) },
    // Rolled up first: a month is dropped only once its days live on in the roll-ups.
    {
      name: 'pageViewRollups',
      run: (em, now, deps) => rollUpPageViews(em, now, deps.analyticsKeyCap),
    },
    {
      name: 'pageViewRetention',
      run: (em, now, deps) => dropOldPageViewPartitions(em, now, deps.analyticsRawDays),
    },
  ],
};
