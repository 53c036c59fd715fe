import { z } from 'zod';
import { ZId, ZIsoDate, emailText, requiredText } from './text.schema';

export const NOTIFICATION_KINDS = ['alert', 'auto_reply'] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** queued: waiting or being retried; not_configured: no SMTP_URL when it was written. */
export const NOTIFICATION_STATUSES = ['queued', 'sent', 'failed', 'not_configured'] as const;
export type TNotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** The placeholders a template may use; anything else in {{ }} is left as written. */
export const TEMPLATE_PLACEHOLDERS = [
  'name',
  'email',
  'company',
  'phone',
  'message',
  'source',
  'contactUrl',
] as const;

export type TemplateValues = Record<(typeof TEMPLATE_PLACEHOLDERS)[number], string>;

const PLACEHOLDER = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;
const isPlaceholder = (name: string): name is keyof TemplateValues =>
  (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);

/** Fills `{{name}}`-style placeholders; unknown ones stay as written, so a typo is visible. */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    isPlaceholder(name) ? values[name] : whole,
  );
}

const subject = (label: string) => requiredText(`${label} is required`, 200);
const body = (label: string) => requiredText(`${label} is required`, 10_000);

/** The recipients rule, used by the API and (on typed text) by the Notifications form. */
const ZAlertRecipients = z
  .array(emailText('Recipient email is required', 'Each recipient must be a valid email address'), {
    error: 'alertRecipients must be a list of email addresses',
  })
  .max(20, 'At most 20 alert recipients');

export const ZNotificationSettings = z.object({
  alertRecipients: ZAlertRecipients,
  autoReplyEnabled: z.union([z.literal(true), z.literal(false)], {
    error: 'autoReplyEnabled must be true or false',
  }),
  alertSubject: subject('Alert subject'),
  alertBody: body('Alert body'),
  autoReplySubject: subject('Auto-reply subject'),
  autoReplyBody: body('Auto-reply body'),
});
export type TNotificationSettingsInput = z.input<typeof ZNotificationSettings>;
export type TNotificationSettings = z.output<typeof ZNotificationSettings>;

/** The Notifications screen's form: recipients typed one per line (or comma-separated). */
export const ZNotificationSettingsForm = ZNotificationSettings.extend({
  alertRecipients: z
    .string()
    .transform((text) => text.split(/[\s,;]+/).filter(Boolean))
    .superRefine((emails, ctx) => {
      // The API's rule, reported on the one field the form has, naming the address at fault.
      const problem = ZAlertRecipients.safeParse(emails).error?.issues[0];
      if (!problem) return;
      const at = problem.path[0];
      const message =
        typeof at === 'number' ? `Not a valid email address: ${emails[at]}` : problem.message;
      ctx.addIssue({ code: 'custom', message });
    }),
});

/** GET /api/notifications/status: whether email goes out at all (SMTP_URL set). */
export const ZEmailStatus = z.object({
  emailConfigured: z.boolean(),
  from: z.string().nullable(),
});
export type TEmailStatus = z.output<typeof ZEmailStatus>;

/** The settings as the API answers them (the saved values; no parsing rules in an output). */
export const ZNotificationSettingsView = ZNotificationSettings.extend({
  alertRecipients: z.array(z.string()),
});

export const DEFAULT_NOTIFICATION_SETTINGS: TNotificationSettings = {
  alertRecipients: [],
  autoReplyEnabled: true,
  alertSubject: 'New lead: {{name}} ({{company}})',
  alertBody:
    'A new lead just booked a strategy call.\n\nName: {{name}}\nEmail: {{email}}\nCompany: {{company}}\nPhone: {{phone}}\nSource: {{source}}\n\nMessage:\n{{message}}\n\nOpen in the admin: {{contactUrl}}',
  autoReplySubject: 'Thanks, {{name}}: your strategy call with Convoza',
  autoReplyBody:
    'Hi {{name}},\n\nThank you for reaching out to Convoza. Our AI replies instantly; a strategist follows up within one business hour to book your 30-minute strategy call.\n\nThe Convoza team\nhello@convoza.ai · (888) 555-0142',
};

export const ZOutboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  status: z.enum(NOTIFICATION_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  contactId: z.number().int().nullable(),
  createdAt: ZIsoDate,
  sentAt: ZIsoDate.nullable(),
});
export type TOutboxMessage = z.output<typeof ZOutboxMessage>;

export const ZOutboxFind = z.object({
  /** Messages older than this id (keyset paging, newest first). */
  before: ZId.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type TOutboxFind = z.output<typeof ZOutboxFind>;
