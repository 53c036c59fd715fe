import { z } from 'zod';
import { ZMe } from '../../shared/auth.schema';
import { ZOk } from '../../shared/text.schema';
import { authedProcedure, publicProcedure, router } from '../trpc/trpc';
import { recordAudit } from '../audit/audit.service';
import { accountSecurityProcedures } from './account-security.procedures';
import { passwordResetProcedures } from './password-reset.procedures';
import { loginProcedures } from './login.procedures';

export const authRouter = router({
  ...loginProcedures,

  logout: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/logout',
        tags: ['auth'],
        protect: false,
        summary: 'Sign out',
      },
    })
    .input(z.void())
    .output(ZOk)
    .mutation(async ({ ctx }) => {
      const actor = await ctx.actor();
      if (actor)
        await recordAudit(ctx.em, {
          actor: { id: actor.userId, username: actor.username },
          action: 'logout',
          entityType: 'user',
          entityId: actor.userId,
          changes: null,
          ip: ctx.ip,
          userAgent: ctx.req.get('user-agent') ?? null,
        });
      await ctx.deps.sessions.end(ctx.em, ctx.req, ctx.res);
      return { success: true };
    }),

  me: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/auth/me', tags: ['auth'], summary: 'The signed-in user' },
    })
    .input(z.void())
    .output(ZMe)
    .query(async ({ ctx }) => {
      const { userId, username, role, firstName, lastName, timeZone, twoFactorEnabled } = ctx.actor;
      return {
        id: userId,
        username,
        role,
        firstName,
        lastName,
        timeZone,
        twoFactorEnabled,
        twoFactorRequired: ctx.actor.twoFactorSetupRequired,
      };
    }),

  ...accountSecurityProcedures,
  ...passwordResetProcedures,
});
