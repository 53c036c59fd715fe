// Every streamed route of the app, once: app.ts mounts them, openapi.ts describes them.
import { auditExportRoute } from './audit/audit-export.route';
import { bookingCalendarRoute, subscriptionFeedRoute } from './booking/calendar-files.route';
import { importErrorsRoute } from './contact-imports/import-errors.route';
import { contactImportUploadRoute } from './contact-imports/import-upload.route';
import type { UploadPaceRule } from './contact-imports/upload-pace';
import { contactsExportRoute } from './contacts/contacts-export.route';
import { contactsListRoute } from './contacts/contacts-list.route';
import type { StreamedRoute } from './http/streamed-route';
import { collectRoute } from './web-analytics/collect.route';

export function streamedRoutes(importUploadPace?: UploadPaceRule): StreamedRoute[] {
  return [
    contactsExportRoute,
    auditExportRoute,
    contactsListRoute,
    contactImportUploadRoute(importUploadPace),
    importErrorsRoute,
    subscriptionFeedRoute,
    bookingCalendarRoute,
    collectRoute,
  ];
}
