import { z } from 'zod';
import { ZLogin, ZLoginResult, ZMe } from '../../shared/auth.schema';
import { ZOk } from '../../shared/text.schema';
import { withLoginThrottle } from './login-throttle.service';
import { throttledProcedure } from '../rate-limit/retry-after.procedure';
import { authedProcedure, publicProcedure, router } from '../trpc/trpc';
import { recordAudit } from '../audit/audit.service';
import { AppError } from '../errors';
import { authenticate } from './auth.service';

export const authRouter = router({
  login: throttledProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/login',
        tags: ['auth'],
        protect: false,
        summary: 'Sign in',
      },
    })
    .input(ZLogin)
    .output(ZLoginResult)
    .mutation(async ({ ctx, input }) => {
      const attempt = {
        username: input.username,
        ip: ctx.ip,
        userAgent: ctx.req.get('user-agent') ?? '',
      };
      const audit = { ip: ctx.ip, userAgent: attempt.userAgent || null, entityType: 'user' };
      const user = await withLoginThrottle(ctx.em, attempt, () =>
        authenticate(ctx.em, input),
      ).catch(async (error: unknown) => {
        if (error instanceof AppError && error.code === 'UNAUTHORIZED')
          await recordAudit(ctx.em, {
            ...audit,
            actor: null,
            actorUsername: input.username,
            action: 'login_failed',
            entityId: null,
            changes: null,
          });
        throw error;
      });
      await ctx.deps.sessions.start(ctx.em, ctx.req, ctx.res, user.id);
      await recordAudit(ctx.em, {
        ...audit,
        actor: { id: user.id, username: user.username },
        action: 'login',
        entityId: user.id,
        changes: null,
      });
      return { success: true, user };
    }),

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
    .query(({ ctx }) => {
      const { userId, username, role, firstName, lastName } = ctx.actor;
      return { id: userId, username, role, firstName, lastName };
    }),
});
