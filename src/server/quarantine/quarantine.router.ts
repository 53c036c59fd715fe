import { ZContact } from '../../shared/contacts.schema';
import { ZQuarantinePage, ZQuarantineQuery } from '../../shared/quarantine.schema';
import { ZIdInput, ZOk } from '../../shared/text.schema';
import { adminProcedure, router } from '../trpc/trpc';
import { restRoutes } from '../trpc/rest-meta';
import { deleteQuarantined, listQuarantine, releaseQuarantined } from './quarantine.service';

const rest = restRoutes(['quarantine'], 'quarantine');

export const adminQuarantineRouter = router({
  list: adminProcedure
    .meta(
      rest(
        'GET',
        '/quarantine',
        'Submissions only the content filter objected to, newest first, a page at a time (kept 30 days for review)',
      ),
    )
    .input(ZQuarantineQuery)
    .output(ZQuarantinePage)
    .query(({ ctx, input }) => listQuarantine(ctx.em, input)),

  release: adminProcedure
    .meta(
      rest(
        'POST',
        '/quarantine/{id}/release',
        'Make it a normal new contact, with its lead emails and webhooks',
        { audit: 'release' },
      ),
    )
    .input(ZIdInput)
    .output(ZContact)
    .mutation(({ ctx, input }) => releaseQuarantined(ctx.em, input.id, ctx.deps.events)),

  delete: adminProcedure
    .meta(rest('DELETE', '/quarantine/{id}', 'Drop it for good', { audit: 'delete' }))
    .input(ZIdInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await deleteQuarantined(ctx.em, input.id);
      return { success: true, message: 'Quarantined submission deleted' };
    }),
});
