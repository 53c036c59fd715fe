import { z } from 'zod';
import { ZId, ZIsoDate } from './text.schema';

export const ZAuditChange = z.object({ from: z.unknown().optional(), to: z.unknown().optional() });

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: ZIsoDate,
  actor: z.object({ id: z.number().int().nullable(), username: z.string() }).nullable(),
  /** e.g. login, login_failed, logout, create, update, delete, update_status, bulk, set_owner. */
  action: z.string(),
  /** e.g. contact, user, campaign, service_inquiry, security_settings, webhook, session. */
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** { field: { from, to } } (from absent when only the new value is known); secrets redacted. */
  changes: z.record(z.string(), ZAuditChange).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type TAuditEntry = z.output<typeof ZAuditEntry>;

const filterText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .regex(/^[a-z_]*$/, 'Must be lower-case letters and underscores')
    .optional()
    .transform((v) => v || undefined);

export const ZAuditFilter = z.object({
  actorId: ZId.optional(),
  entityType: filterText(50),
  action: filterText(50),
});
export type TAuditFilter = z.output<typeof ZAuditFilter>;

export const ZAuditQuery = ZAuditFilter.extend({
  limit: z.coerce
    .number({ error: 'Must be a whole number' })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(200, 'Must be at most 200')
    .default(50),
  /** The nextCursor of the previous page. */
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'Must be the nextCursor of a previous page')
    .optional(),
});
export type TAuditQuery = z.output<typeof ZAuditQuery>;

export const ZAuditPage = z.object({
  items: z.array(ZAuditEntry),
  nextCursor: z.string().nullable(),
});
export type TAuditPage = z.output<typeof ZAuditPage>;

export const AUDIT_RETENTION_DEFAULT_DAYS = 365;
