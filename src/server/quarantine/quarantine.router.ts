import { ZContact } from '../../shared/contacts.schema';
import { ZQuarantinePage, ZQuarantineQuery } from '../../shared/quarantine.schema';
import { ZIdInput, ZOk } from '../../shared/text.schema';
import { adminProcedure, router } from '../trpc/trpc';
import { deleteQuarantined, listQuarantine, releaseQuarantined } from './quarantine.service';

const tags = ['quarantine'];

export const adminQuarantineRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/quarantine',
        tags,
        summary:
          'Submissions only the content filter objected to, newest first, a page at a time (kept 30 days for review)',
      },
    })
    .input(ZQuarantineQuery)
    .output(ZQuarantinePage)
    .query(({ ctx, input }) => listQuarantine(ctx.em, input)),

  release: adminProcedure
    .meta({
      audit: 'release',
      openapi: {
        method: 'POST',
        path: '/quarantine/{id}/release',
        tags,
        summary: 'Make it a normal new contact, with its lead emails and webhooks',
      },
    })
    .input(ZIdInput)
    .output(ZContact)
    .mutation(({ ctx, input }) => releaseQuarantined(ctx.em, input.id, ctx.deps.events)),

  delete: adminProcedure
    .meta({
      audit: 'delete',
      openapi: { method: 'DELETE', path: '/quarantine/{id}', tags, summary: 'Drop it for good' },
    })
    .input(ZIdInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await deleteQuarantined(ctx.em, input.id);
      return { success: true, message: 'Quarantined submission deleted' };
    }),
});
