import { z } from 'zod';
import {
  ZContactActivity,
  ZContactActivityQuery,
  ZNoteCreate,
  ZNoteDelete,
} from '../../shared/contact-activity.schema';
import { ZOk } from '../../shared/text.schema';
import { adminProcedure, router } from '../trpc/trpc';
import { addContactNote, deleteContactNote } from './contact-activity.service';
import { listContactActivity } from './contact-timeline.sql';

const tags = ['contacts'];

export const adminContactActivityRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/contacts/{id}/activity',
        tags,
        summary:
          "A contact's timeline, newest first: created, status and owner changes, notes, lead emails and webhook deliveries",
      },
    })
    .input(ZContactActivityQuery)
    .output(z.array(ZContactActivity))
    .query(({ ctx, input }) => listContactActivity(ctx.em, input.id, input.limit)),

  addNote: adminProcedure
    .meta({
      audit: 'add_note',
      openapi: {
        method: 'POST',
        path: '/contacts/{id}/notes',
        tags,
        summary: 'Add a note (1-5000 characters) to a contact',
      },
    })
    .input(ZNoteCreate)
    .output(ZContactActivity)
    .mutation(({ ctx, input }) =>
      addContactNote(ctx.em, input.id, input.body, ctx.actor, ctx.deps.events),
    ),

  deleteNote: adminProcedure
    .meta({
      audit: 'delete_note',
      openapi: {
        method: 'DELETE',
        path: '/contacts/{id}/notes/{noteId}',
        tags,
        summary: "Delete a note (its author's or, as an admin, anyone's)",
      },
    })
    .input(ZNoteDelete)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await deleteContactNote(ctx.em, input.id, input.noteId, ctx.actor);
      return { success: true, message: 'Note deleted' };
    }),
});
