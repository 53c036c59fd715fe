import { z } from 'zod';
import { ZIdInput, ZOk } from '../../shared/text.schema';
import { ZUser, ZUserCreate, ZUserUpdate } from '../../shared/users.schema';
import { clearTwoFactor } from '../auth/two-factor.service';
import { ZMyTimeZone } from '../../shared/organization.schema';
import { adminProcedure, authedProcedure, router } from '../trpc/trpc';
import { restRoutes } from '../trpc/rest-meta';
import { createUser, deleteUser, listUsers, updateUser } from './users.service';
import { getMyTimeZone, setMyTimeZone } from './user-time-zone.service';

const rest = restRoutes(['users'], 'user');
const accountRest = restRoutes(['account'], 'user');

export const adminUsersRouter = router({
  myTimeZone: authedProcedure
    .meta(
      accountRest(
        'GET',
        '/account/time-zone',
        'The zone the back office shows my times in (UTC until set)',
      ),
    )
    .input(z.void())
    .output(ZMyTimeZone)
    .query(({ ctx }) => getMyTimeZone(ctx.em, ctx.actor.userId)),

  setMyTimeZone: authedProcedure
    .meta(
      accountRest('PUT', '/account/time-zone', 'Show my times in another zone (an IANA name)', {
        audit: 'update',
      }),
    )
    .input(ZMyTimeZone)
    .output(ZMyTimeZone)
    .mutation(({ ctx, input }) => setMyTimeZone(ctx.em, ctx.actor.userId, input)),

  list: adminProcedure
    .meta(rest('GET', '/users', 'Every user (never a password)'))
    .input(z.void())
    .output(z.array(ZUser))
    .query(({ ctx }) => listUsers(ctx.em)),

  create: adminProcedure
    .meta(rest('POST', '/users', 'Create a user', { audit: 'create' }))
    .input(ZUserCreate)
    .output(ZUser)
    .mutation(({ ctx, input }) => createUser(ctx.em, input)),

  update: adminProcedure
    .meta(
      rest('PATCH', '/users/{id}', 'Update a user, optionally with a new password', {
        audit: 'update',
      }),
    )
    .input(ZUserUpdate)
    .output(ZUser)
    .mutation(({ ctx, input }) => updateUser(ctx.em, input, ctx.actor)),

  resetTwoFactor: adminProcedure
    .meta(
      rest(
        'POST',
        '/users/{id}/2fa/reset',
        "Turn a user's two-factor sign-in off (a lost phone); with 2FA required for admins they set it up again at their next sign-in",
        { audit: 'reset_two_factor' },
      ),
    )
    .input(ZIdInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await clearTwoFactor(ctx.em, input.id);
      return { success: true, message: 'Two-factor sign-in was reset' };
    }),

  delete: adminProcedure
    .meta(
      rest('DELETE', '/users/{id}', 'Delete a user and end their sessions', { audit: 'delete' }),
    )
    .input(ZIdInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await deleteUser(ctx.em, input.id, ctx.actor, ctx.deps.events);
      return { success: true, message: 'User deleted' };
    }),
});
