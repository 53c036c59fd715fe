import { z } from 'zod';
import {
  CONTACT_ORIGIN_FILTERS,
  ZContactFind,
  ZContactStatus,
  ZOwnerFilter,
} from './contacts.schema';
import { ZId, searchText } from './text.schema';

export const CONTACT_BULK_ACTIONS = ['set_status', 'assign', 'delete'] as const;

/** Picked one by one on the screen; "all matching" sends the filter instead. */
export const CONTACT_BULK_MAX_IDS = 5000;

/** The list's filters, as the contacts screen applies them (empty: every contact). */
export const ZContactFilter = z.strictObject({
  status: ZContactStatus.optional(),
  search: searchText(200),
  ownerId: ZOwnerFilter.optional(),
  ...CONTACT_ORIGIN_FILTERS,
});
export type TContactFilter = z.output<typeof ZContactFilter>;

/**
 * GET /api/contacts/export/csv's query: the list's filters (as GET /contacts/search takes
 * them), or `ids` (comma-separated) for a selection. Nothing given: every contact.
 */
export const ZContactExportQuery = ZContactFind.pick({
  status: true,
  search: true,
  ownerId: true,
}).extend({
  ...CONTACT_ORIGIN_FILTERS,
  ids: z
    .string()
    .regex(/^[1-9][0-9]{0,8}(,[1-9][0-9]{0,8})*$/, 'Must be contact ids separated by commas')
    .transform((v) => v.split(',').map(Number))
    .refine((ids) => ids.length <= CONTACT_BULK_MAX_IDS, `At most ${CONTACT_BULK_MAX_IDS} ids`)
    .optional(),
});

export const ZContactBulk = z
  .strictObject({
    ids: z
      .array(ZId)
      .min(1, 'Select at least one contact')
      .max(CONTACT_BULK_MAX_IDS, `At most ${CONTACT_BULK_MAX_IDS} ids; send a filter for more`)
      .optional(),
    filter: ZContactFilter.optional(),
    action: z.enum(CONTACT_BULK_ACTIONS, {
      error: `Action must be one of: ${CONTACT_BULK_ACTIONS.join(', ')}`,
    }),
    status: ZContactStatus.optional(),
    ownerId: ZId.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.ids === undefined) === (v.filter === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['ids'],
        message: 'Send either ids or filter (exactly one)',
      });
    if (v.action === 'set_status' && !v.status)
      ctx.addIssue({
        code: 'custom',
        path: ['status'],
        message: 'Status is required for set_status',
      });
    if (v.action === 'assign' && v.ownerId === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['ownerId'],
        message: 'ownerId is required for assign (a user id, or null to unassign)',
      });
  });
export type TContactBulk = z.output<typeof ZContactBulk>;

export const ZContactBulkResult = z.object({ affected: z.number().int() });
export type TContactBulkResult = z.output<typeof ZContactBulkResult>;

export const ZLeadRouting = z.strictObject({
  /** Users who take new leads in turn; empty turns round-robin assignment off. */
  userIds: z.array(ZId).max(500, 'At most 500 users'),
});
export type TLeadRouting = z.output<typeof ZLeadRouting>;
