// A lead sent the way the crash and drain drills send one: by a script, as a browser would.
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../src/shared/notifications.schema';
import { DEFAULT_SECURITY_SETTINGS } from '../../src/shared/security.schema';
import { BROWSER_HEADERS } from '../../src/server/form-guard/contact-form-test-support';

/** The admin's REST calls (adminApi, or a wrapper of it). */
type AdminCall = (method: string, path: string, body?: unknown) => Promise<unknown>;

/** Bot detection off: a script cannot wait out the form's minimum fill time. */
export const allowScriptedLeads = (api: AdminCall) =>
  api('PUT', '/security/settings', { ...DEFAULT_SECURITY_SETTINGS, botDetectionEnabled: false });

/** A lead alerts sales@convoza.test and gets no auto-reply: one email per lead. */
export const alertSalesOnly = (api: AdminCall) =>
  api('PUT', '/notifications/settings', {
    ...DEFAULT_NOTIFICATION_SETTINGS,
    alertRecipients: ['sales@convoza.test'],
    autoReplyEnabled: false,
  });

/** POSTs the contact form to the app at `url` with a browser's headers. */
export const sendContactForm = (
  url: string,
  lead: object = { name: 'Crash Test', email: 'crash@example.com', message: 'Call me' },
) =>
  fetch(`${url}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
    body: JSON.stringify(lead),
  });
