// What other features ask of the website's figures: a campaign code's funnel from its visitors,
// a website lead's first touch.
export { campaignFunnels } from './funnel.sql';
export { firstTouchOf } from './visitor-key.service';
