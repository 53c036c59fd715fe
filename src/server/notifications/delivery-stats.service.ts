// Email delivery figures for analytics.
export { emailDeliveryCounts } from './delivery-stats.sql';
