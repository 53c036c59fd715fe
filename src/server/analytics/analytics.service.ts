import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAnalyticsSummary } from '../../shared/analytics.schema';
import { reportPeriod } from '../../shared/report-period';
import { bookingStats } from '../booking/booking-stats.service';
import { countCampaigns, countCampaignsByStatus } from '../campaigns/campaigns.service';
import {
  contactsPerDay,
  leadsBySource,
  maintainedStatusCounts,
  speedToLead,
} from '../contacts/contact-stats.service';
import { emailDeliveryCounts } from '../notifications/delivery-stats.service';
import { companyTimeZone } from '../organization/organization-settings.service';
import { countServiceInquiries } from '../service-inquiries/service-inquiries.service';
import { countUsers } from '../users/user-lookup.service';

const DAYS = 30;
/**
 * Every figure of the analytics screens, each asked of its own feature, all at once; periods are
 * days of the company's time zone.
 */
export async function analyticsSummary(
  em: EntityManager,
  days: number = DAYS,
): Promise<TAnalyticsSummary> {
  const timeZone = await companyTimeZone(em);
  const period = reportPeriod(days, timeZone);
  const [
    contacts,
    users,
    inquiries,
    campaigns,
    campaignsByStatus,
    perDay,
    speed,
    sources,
    mail,
    bookings,
  ] = await Promise.all([
    maintainedStatusCounts(em),
    countUsers(em),
    countServiceInquiries(em),
    countCampaigns(em),
    countCampaignsByStatus(em),
    contactsPerDay(em, reportPeriod(DAYS, timeZone)),
    speedToLead(em, period),
    leadsBySource(em, period),
    emailDeliveryCounts(em, period),
    bookingStats(em, period),
  ]);
  const { all, ...byStatus } = contacts;
  return {
    totalContacts: all,
    totalUsers: users,
    totalServiceInquiries: inquiries,
    totalCampaigns: campaigns,
    // Only the statuses that have contacts, as the screens expect.
    contactsByStatus: Object.fromEntries(Object.entries(byStatus).filter(([, n]) => n > 0)),
    campaignsByStatus,
    contactsPerDay: perDay,
    days,
    timeZone,
    speedToLead: speed,
    leadsBySource: sources,
    emailDeliveries: mail,
    bookings,
  };
}
