import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAnalyticsSummary } from '../../shared/analytics.schema';
import { bookingStats } from '../booking/booking-stats.service';
import { countCampaigns, countCampaignsByStatus } from '../campaigns/campaigns.service';
import {
  contactsPerDay,
  leadsBySource,
  maintainedStatusCounts,
  speedToLead,
} from '../contacts/contact-stats.service';
import { emailDeliveryCounts } from '../notifications/delivery-stats.service';
import { countServiceInquiries } from '../service-inquiries/service-inquiries.service';
import { countUsers } from '../users/user-lookup.service';

const DAYS = 30;
/** Every figure of the analytics screens, each asked of its own feature, all at once. */
export async function analyticsSummary(
  em: EntityManager,
  days: number = DAYS,
): Promise<TAnalyticsSummary> {
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
    contactsPerDay(em, DAYS),
    speedToLead(em, days),
    leadsBySource(em, days),
    emailDeliveryCounts(em, days),
    bookingStats(em, days),
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
    speedToLead: speed,
    leadsBySource: sources,
    emailDeliveries: mail,
    bookings,
  };
}
