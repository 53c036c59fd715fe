import { z } from 'zod';
import {
  ZContactActivity,
  ZContactActivityQuery,
  ZNoteCreate,
  ZNoteActivity,
  ZNoteDelete,
} from '../../shared/contact-activity.schema';
import { ZOk } from '../../shared/text.schema';
import { adminProcedure, router } from '../trpc/trpc';
import { addContactNote, deleteContactNote } from './contact-activity.service';
import { restRoutes } from '../trpc/rest-meta';
import { listContactActivity } from './contact-timeline.sql';

const rest = restRoutes(['contacts'], 'contact');

export const adminContactActivityRouter = router({
  list: adminProcedure
    .meta(
      rest(
        'GET',
        '/contacts/{id}/activity',
        "A contact's timeline, newest first: created, status and owner changes, notes, lead emails and webhook deliveries",
      ),
    )
    .input(ZContactActivityQuery)
    .output(z.array(ZContactActivity))
    .query(({ ctx, input }) => listContactActivity(ctx.em, input.id, input.limit)),

  addNote: adminProcedure
    .meta(
      rest('POST', '/contacts/{id}/notes', 'Add a note (1-5000 characters) to a contact', {
        audit: 'add_note',
      }),
    )
    .input(ZNoteCreate)
    .output(ZNoteActivity)
    .mutation(({ ctx, input }) =>
      addContactNote(ctx.em, input.id, input.body, ctx.actor, ctx.deps.events),
    ),

  deleteNote: adminProcedure
    .meta(
      rest(
        'DELETE',
        '/contacts/{id}/notes/{noteId}',
        "Delete a note (its author's or, as an admin, anyone's)",
        { audit: 'delete_note' },
      ),
    )
    .input(ZNoteDelete)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await deleteContactNote(ctx.em, input.id, input.noteId, ctx.actor);
      return { success: true, message: 'Note deleted' };
    }),
});
