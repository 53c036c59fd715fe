// The contact figures other features report (analytics, campaign results).
export { contactsPerDay, leadsBySource } from './contact-stats.sql';
export { maintainedStatusCounts } from './contact-counts.sql';
export { speedToLead } from './speed-to-lead.sql';
export { campaignResults } from './campaign-results.sql';
