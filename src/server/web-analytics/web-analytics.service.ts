// What other features ask of the website's figures: a campaign code's funnel from its visitors,
// a website lead's first touch, a day's page-view budget (the Security Center), and a lead's first-touch key as the funnel groups it (so the
// contacts list shows exactly the leads a funnel figure counts).
export { campaignFunnels, LEAD_KEY as leadFirstTouchKey } from './funnel.sql';
export { firstTouchOf } from './visitor-key.service';
export { pageViewDay } from './page-view-intake.sql';
