import { z } from 'zod';
import {
  ZContact,
  ZContactFind,
  ZContactPage,
  ZContactStatusUpdate,
  ZCsvImport,
  ZCsvImportResult,
} from '../../shared/contacts.schema';
import { ZIdInput, ZOk } from '../../shared/text.schema';
import { adminProcedure, router } from '../trpc/trpc';
import { importContactsCsv } from './contacts.csv';
import { contactsTeamProcedures } from './contacts-team.procedures';
import { contactImportProcedures } from '../contact-imports/contact-imports.procedures';
import {
  deleteAllContacts,
  deleteContact,
  findContacts,
  getContact,
  listAllContacts,
  updateContactStatus,
} from './contacts.service';

const tags = ['contacts'];

export const adminContactsRouter = router({
  list: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/contacts', tags, summary: 'Every contact, newest first' },
    })
    .input(z.void())
    .output(z.array(ZContact))
    .query(({ ctx }) => listAllContacts(ctx.em)),

  find: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/contacts/search',
        tags,
        summary: 'A page of contacts with search, status filter and per-status counts',
      },
    })
    .input(ZContactFind)
    .output(ZContactPage)
    .query(({ ctx, input }) => findContacts(ctx.em, input, ctx.actor.userId)),

  get: adminProcedure
    .meta({ openapi: { method: 'GET', path: '/contacts/{id}', tags, summary: 'One contact' } })
    .input(ZIdInput)
    .output(ZContact)
    .query(({ ctx, input }) => getContact(ctx.em, input.id)),

  updateStatus: adminProcedure
    .meta({
      audit: 'update_status',
      openapi: {
        method: 'PATCH',
        path: '/contacts/{id}/status',
        tags,
        summary: "Set a contact's status",
      },
    })
    .input(ZContactStatusUpdate)
    .output(ZContact)
    .mutation(({ ctx, input }) =>
      updateContactStatus(ctx.em, input.id, input.status, ctx.deps.events, ctx.actor.userId),
    ),

  delete: adminProcedure
    .meta({
      audit: 'delete',
      openapi: { method: 'DELETE', path: '/contacts/{id}', tags, summary: 'Delete one contact' },
    })
    .input(ZIdInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await deleteContact(ctx.em, input.id, ctx.deps.events);
      return { success: true, message: 'Contact deleted' };
    }),

  deleteAll: adminProcedure
    .meta({
      audit: 'delete_all',
      openapi: {
        method: 'DELETE',
        path: '/contacts/bulk/all',
        tags,
        summary: 'Delete every contact',
      },
    })
    .input(z.void())
    .output(ZOk.extend({ deleted: z.number().int() }))
    .mutation(async ({ ctx }) => {
      const deleted = await deleteAllContacts(ctx.em);
      return { success: true, deleted, message: `Deleted ${deleted} contacts` };
    }),

  import: adminProcedure
    .meta({
      audit: 'import',
      openapi: {
        method: 'POST',
        path: '/contacts/import/csv',
        tags,
        summary: 'Import contacts from CSV text (all or nothing)',
      },
    })
    .input(ZCsvImport)
    .output(ZCsvImportResult)
    .mutation(({ ctx, input }) => importContactsCsv(ctx.em, input.csvData)),

  ...contactsTeamProcedures,
  ...contactImportProcedures,
});
