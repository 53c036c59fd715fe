import { z } from 'zod';
import { AUDIT_RETENTION_DEFAULT_DAYS } from './audit.schema';
import { ZIsoDate } from './text.schema';
import { PAGE_VIEW_CAPS } from './web-analytics.schema';

export const SECURITY_EVENT_TYPES = [
  'honeypot_triggered',
  'bot_detected',
  'rate_limit',
  'suspicious_submission',
  /** A wrong password or code where one confirms who you are (sign-in code, 2FA set-up or off). */
  'verification_failed',
  /** A booking refused by the site's or a network's booking cap. */
  'booking_refused',
] as const;
export const ZSecurityEventType = z.enum(SECURITY_EVENT_TYPES);
export type TSecurityEventType = z.output<typeof ZSecurityEventType>;

export const SEVERITIES = ['high', 'medium', 'low'] as const;

export const ZSeverity = z.enum(SEVERITIES);
export type TSeverity = z.output<typeof ZSeverity>;

/** Where a refusal happened: the contact form (the tiles count these) or sign-in throttling. */
export const SECURITY_EVENT_SCOPES = ['contact_form', 'login', 'booking'] as const;
export type TSecurityEventScope = (typeof SECURITY_EVENT_SCOPES)[number];

/**
 * A strict boolean. trpc-to-openapi switches every `z.boolean()` of a REST input to coercion
 * (so "false", "no" or "0" would become true and null false); a union of the two literals is
 * left alone and accepts only true and false.
 */
const strictBoolean = (name: string) =>
  z.union([z.literal(true), z.literal(false)], { error: `${name} must be true or false` });

/** Submissions each integration key may send per hour (POST /contacts with a Bearer key). */
const ZIntegrationKeyHourlyLimit = z
  .number({ error: 'Integration key hourly limit must be a number' })
  .int('Integration key hourly limit must be a whole number')
  .min(1, 'Integration key hourly limit must be between 1 and 100000')
  .max(100_000, 'Integration key hourly limit must be between 1 and 100000');

/** The product (docs/PRODUCT.md): four switches, max submissions per hour 1-100 (5), min fill time 1-60 s (3). */
/** How long the audit log keeps an entry (days). */
const ZAuditRetentionDays = z.coerce
  .number({ error: 'Audit log retention must be between 30 and 3650 days' })
  .int('Audit log retention must be between 30 and 3650 days')
  .min(30, 'Audit log retention must be between 30 and 3650 days')
  .max(3650, 'Audit log retention must be between 30 and 3650 days');

export const ZSecuritySettings = z.strictObject({
  rateLimitEnabled: strictBoolean('rateLimitEnabled'),
  honeypotEnabled: strictBoolean('honeypotEnabled'),
  botDetectionEnabled: strictBoolean('botDetectionEnabled'),
  suspiciousContentFiltering: strictBoolean('suspiciousContentFiltering'),
  maxSubmissionsPerHour: z
    .number({ error: 'Max submissions per hour must be a number' })
    .int('Max submissions per hour must be a whole number')
    .min(1, 'Max submissions per hour must be between 1 and 100')
    .max(100, 'Max submissions per hour must be between 1 and 100'),
  minFormFillTime: z
    .number({ error: 'Minimum form fill time must be a number' })
    .int('Minimum form fill time must be a whole number of seconds')
    .min(1, 'Minimum form fill time must be between 1 and 60 seconds')
    .max(60, 'Minimum form fill time must be between 1 and 60 seconds'),
  integrationKeyHourlyLimit: ZIntegrationKeyHourlyLimit,
  auditRetentionDays: ZAuditRetentionDays,
  requireAdminTwoFactor: z.boolean({ error: 'requireAdminTwoFactor must be true or false' }),
});
export type TSecuritySettings = z.output<typeof ZSecuritySettings>;

/** PUT /security/settings: a client that predates a setting may leave it out (kept as is). */
export const ZSecuritySettingsUpdate = ZSecuritySettings.extend({
  integrationKeyHourlyLimit: ZIntegrationKeyHourlyLimit.optional(),
  auditRetentionDays: ZAuditRetentionDays.optional(),
  requireAdminTwoFactor: z
    .boolean({ error: 'requireAdminTwoFactor must be true or false' })
    .optional(),
});
export type TSecuritySettingsUpdate = z.output<typeof ZSecuritySettingsUpdate>;

export const DEFAULT_SECURITY_SETTINGS: TSecuritySettings = {
  rateLimitEnabled: true,
  honeypotEnabled: true,
  botDetectionEnabled: true,
  suspiciousContentFiltering: true,
  maxSubmissionsPerHour: 5,
  minFormFillTime: 3,
  integrationKeyHourlyLimit: 1000,
  auditRetentionDays: AUDIT_RETENTION_DEFAULT_DAYS,
  requireAdminTwoFactor: false,
};

/** Repeats of one type from one client network within a minute, counted in one entry. */
export const ZSecurityEvent = z.object({
  id: z.number().int(),
  /** When the first of them arrived. */
  timestamp: ZIsoDate,
  /** When the latest of them arrived. */
  lastSeenAt: ZIsoDate,
  /** How many requests this entry stands for. */
  count: z.number().int(),
  type: ZSecurityEventType,
  ip: z.string(),
  userAgent: z.string(),
  details: z.string(),
  severity: ZSeverity,
});
export type TSecurityEvent = z.output<typeof ZSecurityEvent>;

export const SECURITY_PERIODS = ['24h', '7d', '30d'] as const;
export const ZSecurityPeriod = z.enum(SECURITY_PERIODS);
export type TSecurityPeriod = z.output<typeof ZSecurityPeriod>;

/** The Security Center tiles, computed from stored events over the period. */
export const ZSecurityStats = z.object({
  period: ZSecurityPeriod,
  blockedThreats: z.number().int(),
  rateLimited: z.number().int(),
  botDetections: z.number().int(),
  honeypotTriggers: z.number().int(),
  suspiciousSubmissions: z.number().int(),
  cleanSubmissions: z.number().int(),
  /** Clean share of all submissions in the period, whole percent; 100 when there were none. */
  cleanSubmissionsPercent: z.number().int(),
  /** Bookings refused by the site's or a network's booking cap. */
  refusedBookings: z.number().int(),
  /**
   * Today's page views (UTC day): stored, dropped past the day's cap, and the caps reached
   * (page views, distinct values of a kind, visitors of one network).
   */
  pageViewsToday: z.object({
    day: z.string(),
    views: z.number().int(),
    dropped: z.number().int(),
    capped: z.array(z.enum(PAGE_VIEW_CAPS)),
  }),
});
export type TSecurityStats = z.output<typeof ZSecurityStats>;

export const ZSecurityEventFind = z.object({
  type: ZSecurityEventType.optional(),
  severity: ZSeverity.optional(),
  cursor: z.coerce.number().int().min(1).max(2147483647).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TSecurityEventFind = z.output<typeof ZSecurityEventFind>;

export const ZSecurityEventPage = z.object({
  items: z.array(ZSecurityEvent),
  nextCursor: z.number().int().nullable(),
});
export type TSecurityEventPage = z.output<typeof ZSecurityEventPage>;
