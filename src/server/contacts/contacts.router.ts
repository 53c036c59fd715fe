import { z } from 'zod';
import {
  ZContact,
  ZContactFind,
  ZContactManualCreate,
  ZContactPage,
  ZContactUpdate,
  ZContactStatusUpdate,
  ZCsvImport,
  ZCsvImportResult,
} from '../../shared/contacts.schema';
import { ZIdInput, ZOk } from '../../shared/text.schema';
import { adminProcedure } from '../trpc/trpc';
import { importContactsCsv } from './contacts.csv';
import { contactsTeamProcedures } from './contacts-team.procedures';
import { createManualContact, updateContactFields } from './contact-edit.service';
import { restRoutes } from '../trpc/rest-meta';
import {
  deleteAllContacts,
  deleteContact,
  findContacts,
  getContact,
  listAllContacts,
  updateContactStatus,
} from './contacts.service';

const rest = restRoutes(['contacts'], 'contact');

/** admin.contacts; the root mounts the import procedures (contact-imports/) beside them. */
export const adminContactsProcedures = {
  list: adminProcedure
    .meta(rest('GET', '/contacts', 'Every contact, newest first'))
    .input(z.void())
    .output(z.array(ZContact))
    .query(({ ctx }) => listAllContacts(ctx.em)),

  find: adminProcedure
    .meta(
      rest(
        'GET',
        '/contacts/search',
        'A page of contacts with search, status filter and per-status counts',
      ),
    )
    .input(ZContactFind)
    .output(ZContactPage)
    .query(({ ctx, input }) => findContacts(ctx.em, input, ctx.actor.userId)),

  get: adminProcedure
    .meta(rest('GET', '/contacts/{id}', 'One contact'))
    .input(ZIdInput)
    .output(ZContact)
    .query(({ ctx, input }) => getContact(ctx.em, input.id)),

  createManual: adminProcedure
    .meta(
      rest('POST', '/contacts/manual', 'Add a contact by hand (a lead who phoned in)', {
        created: true,
        audit: 'create',
        description:
          'Source `manual`: no auto-reply and none of the public form checks; routed when no `ownerId` is given; ' +
          'alerted and sent to `contact.created` webhooks like any other lead.',
      }),
    )
    .input(ZContactManualCreate)
    .output(ZContact)
    .mutation(({ ctx, input }) => createManualContact(ctx.em, input, ctx.deps.events)),

  update: adminProcedure
    .meta(
      rest('PATCH', '/contacts/{id}', "Correct a contact's fields or owner", {
        audit: 'update',
        description:
          'Only the fields sent change; a blank `company` or `phone` clears it. The timeline records each ' +
          'changed field before and after. Another contact with the same email is allowed.',
      }),
    )
    .input(ZContactUpdate)
    .output(ZContact)
    .mutation(({ ctx, input }) =>
      updateContactFields(ctx.em, input, ctx.deps.events, ctx.actor.userId),
    ),

  updateStatus: adminProcedure
    .meta(
      rest('PATCH', '/contacts/{id}/status', "Set a contact's status", { audit: 'update_status' }),
    )
    .input(ZContactStatusUpdate)
    .output(ZContact)
    .mutation(({ ctx, input }) =>
      updateContactStatus(ctx.em, input.id, input.status, ctx.deps.events, ctx.actor.userId),
    ),

  delete: adminProcedure
    .meta(rest('DELETE', '/contacts/{id}', 'Delete one contact', { audit: 'delete' }))
    .input(ZIdInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await deleteContact(ctx.em, input.id, ctx.deps.events);
      return { success: true, message: 'Contact deleted' };
    }),

  deleteAll: adminProcedure
    .meta(rest('DELETE', '/contacts/bulk/all', 'Delete every contact', { audit: 'delete_all' }))
    .input(z.void())
    .output(ZOk.extend({ deleted: z.number().int() }))
    .mutation(async ({ ctx }) => {
      const deleted = await deleteAllContacts(ctx.em, ctx.deps.events);
      return { success: true, deleted, message: `Deleted ${deleted} contacts` };
    }),

  import: adminProcedure
    .meta(
      rest('POST', '/contacts/import/csv', 'Import contacts from CSV text (all or nothing)', {
        audit: 'import',
        textCheckedPerValue: ['csvData'],
      }),
    )
    .input(ZCsvImport)
    .output(ZCsvImportResult)
    .mutation(({ ctx, input }) => importContactsCsv(ctx.em, input.csvData)),

  ...contactsTeamProcedures,
};
