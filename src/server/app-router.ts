import { adminBookingRouter, publicBookingRouter } from './booking/booking.router';
import { adminCampaignsRouter } from './campaigns/campaigns.router';
import { adminContactsProcedures } from './contacts/contacts.router';
import { contactImportProcedures } from './contact-imports/contact-imports.procedures';
import { publicContactRouter } from './contacts/public-contact.router';
import { analyticsRouter } from './analytics/analytics.router';
import { authRouter } from './auth/auth.router';
import { adminQuarantineRouter } from './quarantine/quarantine.router';
import { adminAuditLogRouter } from './audit/audit.router';
import { adminContactActivityRouter } from './contact-activity/contact-activity.router';
import { adminLeadRoutingRouter } from './lead-routing/lead-routing.router';
import { adminIntegrationKeysRouter } from './integration-keys/integration-keys.router';
import { adminNotificationsRouter } from './notifications/notifications.router';
import { adminSecurityRouter } from './security-center/security.router';
import { adminServiceInquiriesRouter } from './service-inquiries/service-inquiries.router';
import { adminUsersRouter } from './users/users.router';
import { adminWebhooksRouter } from './webhooks/webhooks.router';
import { adminTasksRouter } from './tasks/tasks.router';
import { adminSearchRouter } from './search/search.router';
import { adminOrganizationRouter } from './organization/organization.router';
import { adminPrivacyRouter, publicPrivacyRouter } from './privacy/privacy.router';
import { router } from './trpc/trpc';

export const appRouter = router({
  public: router({
    contact: publicContactRouter,
    booking: publicBookingRouter,
    privacy: publicPrivacyRouter,
  }),
  admin: router({
    contacts: router({ ...adminContactsProcedures, ...contactImportProcedures }),
    users: adminUsersRouter,
    serviceInquiries: adminServiceInquiriesRouter,
    campaigns: adminCampaignsRouter,
    security: adminSecurityRouter,
    notifications: adminNotificationsRouter,
    integrationKeys: adminIntegrationKeysRouter,
    webhooks: adminWebhooksRouter,
    leadRouting: adminLeadRoutingRouter,
    contactActivity: adminContactActivityRouter,
    auditLog: adminAuditLogRouter,
    quarantine: adminQuarantineRouter,
    booking: adminBookingRouter,
    tasks: adminTasksRouter,
    search: adminSearchRouter,
    organization: adminOrganizationRouter,
    privacy: adminPrivacyRouter,
  }),
  analytics: analyticsRouter,
  auth: authRouter,
});

export type AppRouter = typeof appRouter;
