import { ZSecondFactor, TWO_FACTOR_MESSAGES } from '../../shared/account-security.schema';
import { ZLogin, ZLoginResult, type TMe } from '../../shared/auth.schema';
import { recordAudit } from '../audit/audit.service';
import { AppError } from '../errors';
import { throttledProcedure } from '../rate-limit/retry-after.procedure';
import type { Context } from '../trpc/context';
import { User } from '../users/user.entity';
import { authenticate } from './auth.service';
import { withLoginThrottle } from './login-throttle.service';
import { hasTwoFactor, spendSecondFactor } from './two-factor.service';

const userAgentOf = (ctx: Context) => ctx.req.get('user-agent') ?? '';

/** A sign-in attempt that failed on its credentials, for the audit log (never the password). */
async function auditFailure(ctx: Context, username: string, error: unknown, step: string) {
  if (error instanceof AppError && error.code === 'UNAUTHORIZED')
    await recordAudit(ctx.em, {
      actor: null,
      actorUsername: username,
      action: 'login_failed',
      entityType: 'user',
      entityId: null,
      changes: { step: { to: step } },
      ip: ctx.ip,
      userAgent: userAgentOf(ctx) || null,
    });
}

/** Starts the session and files the sign-in. */
async function signIn(ctx: Context, user: TMe, secondFactor?: string) {
  await ctx.deps.sessions.start(ctx.em, ctx.req, ctx.res, user.id, {
    ip: ctx.ip,
    userAgent: userAgentOf(ctx) || null,
  });
  await recordAudit(ctx.em, {
    actor: { id: user.id, username: user.username },
    action: 'login',
    entityType: 'user',
    entityId: user.id,
    changes: secondFactor ? { secondFactor: { to: secondFactor } } : null,
    ip: ctx.ip,
    userAgent: userAgentOf(ctx) || null,
  });
  return { success: true, user };
}

export const loginProcedures = {
  login: throttledProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/login',
        tags: ['auth'],
        protect: false,
        summary:
          'Sign in. With two-factor sign-in on, answers { success: false, twoFactorRequired: true } and grants nothing until POST /auth/login/2fa',
      },
    })
    .input(ZLogin)
    .output(ZLoginResult)
    .mutation(async ({ ctx, input }) => {
      const attempt = { username: input.username, ip: ctx.ip, userAgent: userAgentOf(ctx) };
      const user = await withLoginThrottle(ctx.em, attempt, () =>
        authenticate(ctx.em, input),
      ).catch(async (error: unknown) => {
        await auditFailure(ctx, input.username, error, 'password');
        throw error;
      });
      if (await hasTwoFactor(ctx.em, user.id)) {
        await ctx.deps.sessions.awaitSecondFactor(ctx.req, ctx.res, user.id);
        return { success: false, twoFactorRequired: true };
      }
      return signIn(ctx, user);
    }),

  loginSecondFactor: throttledProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/login/2fa',
        tags: ['auth'],
        protect: false,
        summary:
          'Complete a two-factor sign-in with { code } or { recoveryCode } (same cookie jar as /auth/login); each code works once',
      },
    })
    .input(ZSecondFactor)
    .output(ZLoginResult)
    .mutation(async ({ ctx, input }) => {
      const userId = await ctx.deps.sessions.pendingSecondFactor(ctx.req, ctx.res);
      const user = userId === null ? null : await ctx.em.findOne(User, userId);
      if (!user || !user.isActive)
        throw new AppError('UNAUTHORIZED', TWO_FACTOR_MESSAGES.signInFirst);
      // Codes are guessed like passwords: the same throttle, counted against the account.
      const attempt = { username: user.username, ip: ctx.ip, userAgent: userAgentOf(ctx) };
      const used = await withLoginThrottle(ctx.em, attempt, async () => {
        const factor = await spendSecondFactor(ctx.em, user.id, input);
        if (!factor) throw new AppError('UNAUTHORIZED', TWO_FACTOR_MESSAGES.wrongCode, 'code');
        return factor;
      }).catch(async (error: unknown) => {
        await auditFailure(ctx, user.username, error, 'second_factor');
        throw error;
      });
      return signIn(
        ctx,
        {
          id: user.id,
          username: user.username,
          role: user.role,
          firstName: user.firstName ?? null,
          lastName: user.lastName ?? null,
        },
        used,
      );
    }),
};
