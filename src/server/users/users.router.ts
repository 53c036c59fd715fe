import { z } from 'zod';
import { ZIdInput, ZOk } from '../../shared/text.schema';
import { ZUser, ZUserCreate, ZUserUpdate } from '../../shared/users.schema';
import { clearTwoFactor } from '../auth/two-factor.service';
import { adminProcedure, router } from '../trpc/trpc';
import { createUser, deleteUser, listUsers, updateUser } from './users.service';

const tags = ['users'];

export const adminUsersRouter = router({
  list: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/users', tags, summary: 'Every user (never a password)' },
    })
    .input(z.void())
    .output(z.array(ZUser))
    .query(({ ctx }) => listUsers(ctx.em)),

  create: adminProcedure
    .meta({
      audit: 'create',
      openapi: { method: 'POST', path: '/users', tags, summary: 'Create a user' },
    })
    .input(ZUserCreate)
    .output(ZUser)
    .mutation(({ ctx, input }) => createUser(ctx.em, input)),

  update: adminProcedure
    .meta({
      audit: 'update',
      openapi: {
        method: 'PATCH',
        path: '/users/{id}',
        tags,
        summary: 'Update a user, optionally with a new password',
      },
    })
    .input(ZUserUpdate)
    .output(ZUser)
    .mutation(({ ctx, input }) => updateUser(ctx.em, input, ctx.actor)),

  resetTwoFactor: adminProcedure
    .meta({
      audit: 'reset_two_factor',
      openapi: {
        method: 'POST',
        path: '/users/{id}/2fa/reset',
        tags,
        summary:
          "Turn a user's two-factor sign-in off (a lost phone); with 2FA required for admins they set it up again at their next sign-in",
      },
    })
    .input(ZIdInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await clearTwoFactor(ctx.em, input.id);
      return { success: true, message: 'Two-factor sign-in was reset' };
    }),

  delete: adminProcedure
    .meta({
      audit: 'delete',
      openapi: {
        method: 'DELETE',
        path: '/users/{id}',
        tags,
        summary: 'Delete a user and end their sessions',
      },
    })
    .input(ZIdInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await deleteUser(ctx.em, input.id, ctx.actor);
      return { success: true, message: 'User deleted' };
    }),
});
