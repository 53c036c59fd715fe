import { z } from 'zod';
import { ZId, ZIsoDate, emailText, requiredText } from './text.schema';

export const NOTIFICATION_KINDS = [
  'alert',
  'auto_reply',
  'booking_invitation',
  'booking_reminder',
  /** To the alert recipients, at most daily, while submissions wait in quarantine. */
  'quarantine_digest',
  /** To a task's assignee when it falls due. */
  'task_reminder',
  /** A link to set a new password, to the account's own address. */
  'password_reset',
] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_KIND_LABELS: Record<TNotificationKind, string> = {
  alert: 'Lead alert',
  auto_reply: 'Auto-reply',
  booking_invitation: 'Call invitation',
  booking_reminder: 'Call reminder',
  quarantine_digest: 'Quarantine digest',
  task_reminder: 'Task reminder',
  password_reset: 'Password reset',
};

/**
 * queued: waiting or being retried; not_configured: no SMTP_URL when it was written;
 * suppressed: never sent, the reason is its lastError (an auto-reply held back by the relay limits,
 * a reminder of a call that was moved or cancelled).
 */
export const NOTIFICATION_STATUSES = [
  'queued',
  'sent',
  'failed',
  'not_configured',
  'suppressed',
] as const;

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

/**
 * The auto-reply goes to whatever address a visitor typed, so it may quote nothing of theirs but
 * (a cleaned, shortened) name: anything more made it a relay for a stranger's text.
 */
export const AUTO_REPLY_PLACEHOLDERS = [
  'name',
] as const satisfies readonly (keyof TemplateValues)[];

/** The placeholders a template uses that are not in `allowed`. */
export function placeholdersOutside(template: string, allowed: readonly string[]): string[] {
  const used = [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  return [...new Set(used.filter((name) => isPlaceholder(name) && !allowed.includes(name)))];
}

const subject = (label: string) => requiredText(`${label} is required`, 200);
const body = (label: string) => requiredText(`${label} is required`, 10_000);
const onlyName = <T extends z.ZodType<string>>(template: T) =>
  template.refine((text) => placeholdersOutside(text, AUTO_REPLY_PLACEHOLDERS).length === 0, {
    error: 'The auto-reply may only use {{name}}: it goes to any address a visitor types',
  });

/** Auto-replies the whole site may send in an hour (the relay limit), and its default. */
export const AUTO_REPLY_HOURLY_LIMIT = { min: 1, max: 10_000, default: 100 } as const;
const ZAutoReplyHourlyLimit = z
  .number({ error: 'autoReplyHourlyLimit must be a whole number' })
  .int('autoReplyHourlyLimit must be a whole number')
  .min(AUTO_REPLY_HOURLY_LIMIT.min, 'autoReplyHourlyLimit must be at least 1')
  .max(AUTO_REPLY_HOURLY_LIMIT.max, 'autoReplyHourlyLimit must be at most 10,000');

/** The recipients rule, used by the API and (on typed text) by the Notifications form. */
const ZAlertRecipients = z
  .array(emailText('Recipient email is required', 'Each recipient must be a valid email address'), {
    error: 'alertRecipients must be a list of email addresses',
  })
  .max(20, 'At most 20 alert recipients');

export const ZNotificationSettings = z.strictObject({
  alertRecipients: ZAlertRecipients,
  autoReplyEnabled: z.union([z.literal(true), z.literal(false)], {
    error: 'autoReplyEnabled must be true or false',
  }),
  alertSubject: subject('Alert subject'),
  alertBody: body('Alert body'),
  autoReplySubject: onlyName(subject('Auto-reply subject')),
  autoReplyBody: onlyName(body('Auto-reply body')),
  /** Left out: keeps the saved value. */
  autoReplyHourlyLimit: ZAutoReplyHourlyLimit.optional(),
});
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
export type TNotificationSettingsFormInput = z.input<typeof ZNotificationSettingsForm>;

/** GET /api/notifications/status: whether email goes out at all (SMTP_URL set). */
export const ZEmailStatus = z.object({
  emailConfigured: z.boolean(),
  from: z.string().nullable(),
});

/** The settings as the API answers them (the saved values; no parsing rules in an output). */
export const ZNotificationSettingsView = z.object({
  alertRecipients: z.array(z.string()),
  autoReplyEnabled: z.boolean(),
  alertSubject: z.string(),
  alertBody: z.string(),
  autoReplySubject: z.string(),
  autoReplyBody: z.string(),
  autoReplyHourlyLimit: z.number().int(),
});
export type TNotificationSettingsView = z.output<typeof ZNotificationSettingsView>;

export const DEFAULT_NOTIFICATION_SETTINGS: TNotificationSettingsView = {
  alertRecipients: [],
  autoReplyEnabled: true,
  alertSubject: 'New lead: {{name}} ({{company}})',
  alertBody:
    'A new lead just booked a strategy call.\n\nName: {{name}}\nEmail: {{email}}\nCompany: {{company}}\nPhone: {{phone}}\nSource: {{source}}\n\nMessage:\n{{message}}\n\nOpen in the admin: {{contactUrl}}',
  autoReplySubject: 'Your Convoza strategy call: what happens next',
  autoReplyBody:
    'Hi {{name}},\n\nThank you for getting in touch with Convoza. Here is what happens next:\n\n1. A strategist reads your request and replies within one business hour.\n2. Together we book your 30-minute strategy call at a time that suits you.\n3. On the call we walk you through a custom solution, an ROI projection and a rollout plan.\n\nThe Convoza team\nhello@convoza.ai · (888) 555-0142',
  autoReplyHourlyLimit: AUTO_REPLY_HOURLY_LIMIT.default,
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
  /** Held until then (a reminder of a booked call). */
  sendAfter: ZIsoDate.nullable(),
  /** The booked call it is about. */
  bookingId: z.number().int().nullable(),
});
export type TOutboxMessage = z.output<typeof ZOutboxMessage>;

export const ZOutboxFind = z.object({
  /** Messages older than this id (keyset paging, newest first). */
  before: ZId.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type TOutboxFind = z.output<typeof ZOutboxFind>;

/** A user's own emails (GET|PUT /account/notifications): both on until they turn one off. */
export const ZNotificationPreferences = z.strictObject({
  /** A lead routed to me: the alert comes to me too, besides the fixed recipients. */
  newLeadEmail: z.boolean({ error: 'newLeadEmail must be true or false' }),
  /** A task of mine falls due: one reminder email. */
  taskReminderEmail: z.boolean({ error: 'taskReminderEmail must be true or false' }),
});
export type TNotificationPreferences = z.output<typeof ZNotificationPreferences>;
export const DEFAULT_NOTIFICATION_PREFERENCES: TNotificationPreferences = {
  newLeadEmail: true,
  taskReminderEmail: true,
};
