import { ZContactBulk, ZContactBulkResult } from '../../shared/contacts-bulk.schema';
import { ZContact, ZContactOwnerUpdate } from '../../shared/contacts.schema';
import { adminProcedure } from '../trpc/trpc';
import { runContactBulkAction } from './contacts-bulk.service';
import { restRoutes } from '../trpc/rest-meta';
import { setContactOwner } from './contact-owner.service';

const rest = restRoutes(['contacts'], 'contact');

/** Team work on contacts: who owns a lead, and acting on many at once (admin.contacts.*). */
export const contactsTeamProcedures = {
  setOwner: adminProcedure
    .meta(
      rest(
        'PATCH',
        '/contacts/{id}/owner',
        "Set a contact's owner (a user id), or unassign it with null",
        { audit: 'set_owner' },
      ),
    )
    .input(ZContactOwnerUpdate)
    .output(ZContact)
    .mutation(({ ctx, input }) =>
      setContactOwner(
        ctx.em,
        { id: input.id, ownerId: input.ownerId, actorId: ctx.actor.userId },
        ctx.deps.events,
      ),
    ),

  bulk: adminProcedure
    .meta(
      rest(
        'POST',
        '/contacts/bulk',
        'Set the status of, assign, or delete many contacts at once: the ids given, or every contact matching filter. One transaction; affected counts the contacts that changed. No per-contact webhooks are sent.',
        { audit: 'bulk' },
      ),
    )
    .input(ZContactBulk)
    .output(ZContactBulkResult)
    .mutation(({ ctx, input }) =>
      runContactBulkAction(ctx.em, input, ctx.actor.userId, ctx.deps.events),
    ),
};
