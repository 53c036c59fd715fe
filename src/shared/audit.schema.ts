import { z } from 'zod';
import { keysetPaging } from './paging.schema';
import { ZId, ZIsoDate } from './text.schema';

/**
 * What an audit entry says happened. Named here, once, independent of procedure names (renaming
 * a procedure must not rewrite history); each signed-in write names its action in its meta.
 */
export const AUDIT_ACTIONS = [
  'login',
  'login_failed',
  'logout',
  'verification_failed',
  'create',
  'update',
  'delete',
  'delete_all',
  'update_status',
  'set_owner',
  'bulk',
  'import',
  'add_note',
  'delete_note',
  'duplicate',
  'update_settings',
  'retry',
  'retry_delivery',
  'release',
  'reset_two_factor',
  'two_factor_setup',
  'two_factor_enable',
  'two_factor_disable',
  'revoke_session',
  'revoke_other_sessions',
  'book',
  'reschedule',
  'cancel',
  'record_outcome',
  'set_availability',
  'change_password',
  'reset_password',
  'export',
  'erase',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** What kind of record an audit entry is about (older entries may name a kind since retired). */
export const AUDIT_ENTITY_TYPES = [
  'contact',
  'task',
  'user',
  'service_inquiry',
  'campaign',
  'security_settings',
  'notification_settings',
  'integration_key',
  'webhook',
  'lead_routing',
  'quarantine',
  'booking',
  'booking_settings',
  'user_availability',
  'calendar_feed',
  'calendar_subscription',
  'notification',
  'organization_settings',
  'privacy_notice',
  'privacy_settings',
  /** A person known by their email address (a data export or erasure about them). */
  'person',
] as const;
export type TAuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** What a signed-in write files: the action and the kind of record it is about. */
export interface TAuditOf {
  action: TAuditAction;
  entity: TAuditEntityType;
}

export const ZAuditChange = z.object({ from: z.unknown().optional(), to: z.unknown().optional() });

/**
 * Who did something that is kept on record (an audit entry, an erasure): their id (null once the
 * user is deleted) and their username as it was; null for the product itself.
 */
export const ZRecordedActor = z
  .object({ id: z.number().int().nullable(), username: z.string() })
  .nullable();

/** A recorded actor from its two stored columns (both null: the product). */
export const recordedActor = (id: number | null, username: string | null) =>
  id === null && username === null ? null : { id, username: username ?? '' };

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: ZIsoDate,
  actor: ZRecordedActor,
  /** One of AUDIT_ACTIONS (older entries may hold an action since retired). */
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
  action: z.enum(AUDIT_ACTIONS, { error: 'Must be one of the audit actions' }).optional(),
});
export type TAuditFilter = z.output<typeof ZAuditFilter>;

export const ZAuditQuery = ZAuditFilter.extend(keysetPaging(18));
export type TAuditQuery = z.output<typeof ZAuditQuery>;

export const ZAuditPage = z.object({
  items: z.array(ZAuditEntry),
  nextCursor: z.string().nullable(),
});
export type TAuditPage = z.output<typeof ZAuditPage>;

export const AUDIT_RETENTION_DEFAULT_DAYS = 365;
