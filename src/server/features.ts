// Every feature of the server, once. The ORM's entity list, the maintenance loop, the demo
// data, the job queues and their workers, the webhook events, the erasure and the event bus are
// derived from here (feature-set.ts), so adding a feature is its folder plus one line, and no
// infrastructure folder names any of them.
import { auditFeature } from './audit/audit.feature';
import { authFeature } from './auth/auth.feature';
import { bookingFeature } from './booking/booking.feature';
import { campaignsFeature } from './campaigns/campaigns.feature';
import { contactActivityFeature } from './contact-activity/contact-activity.feature';
import { contactImportsFeature } from './contact-imports/contact-imports.feature';
import { contactsFeature } from './contacts/contacts.feature';
import type { Feature } from './feature';
import { assemble } from './feature-set';
import { formGuardFeature } from './form-guard/form-guard.feature';
import { integrationKeysFeature } from './integration-keys/integration-keys.feature';
import { leadRoutingFeature } from './lead-routing/lead-routing.feature';
import { organizationFeature } from './organization/organization.feature';
import { privacyFeature } from './privacy/privacy.feature';
import { notificationsFeature } from './notifications/notifications.feature';
import { quarantineFeature } from './quarantine/quarantine.feature';
import { rateLimitFeature } from './rate-limit/rate-limit.feature';
import { securityCenterFeature } from './security-center/security-center.feature';
import { serviceInquiriesFeature } from './service-inquiries/service-inquiries.feature';
import { tasksFeature } from './tasks/tasks.feature';
import { usersFeature } from './users/users.feature';
import { webhooksFeature } from './webhooks/webhooks.feature';
import { webAnalyticsFeature } from './web-analytics/web-analytics.feature';

/** In dependency order: a feature's demo rows may refer to an earlier feature's. */
export const FEATURES: readonly Feature[] = [
  organizationFeature,
  privacyFeature,
  usersFeature,
  authFeature,
  // First to hear each event, so entries read in the order things happened (a lead, then the
  // owner routing gave it).
  auditFeature,
  contactsFeature,
  contactActivityFeature,
  contactImportsFeature,
  serviceInquiriesFeature,
  campaignsFeature,
  leadRoutingFeature,
  bookingFeature,
  tasksFeature,
  securityCenterFeature,
  rateLimitFeature,
  formGuardFeature,
  quarantineFeature,
  notificationsFeature,
  webhooksFeature,
  integrationKeysFeature,
  webAnalyticsFeature,
];

/** The product's parts, derived from the registrations (feature-set.ts). */
export const appFeatures = assemble(FEATURES);

export const {
  entities,
  maintenanceTasks,
  jobQueues,
  startWorkers,
  seedDemoData,
  erasureHooks,
  webhookEvents,
  createEventBus,
} = appFeatures;
