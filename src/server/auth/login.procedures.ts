import { ZSecondFactor, TWO_FACTOR_MESSAGES } from '../../shared/account-security.schema';
import { ZLogin, ZLoginResult, type TMe } from '../../shared/auth.schema';
import { recordAudit } from '../audit/audit.service';
import { AppError } from '../errors';
import { throttledProcedure } from '../rate-limit/retry-after.service';
import type { Context } from '../trpc/context';
import { findUser } from '../users/user-lookup.service';
import { authenticate } from './auth.service';
import { withLoginThrottle } from './login-throttle.service';
import { confirmSecondFactor } from './step-up.service';
import { hasTwoFactor } from './two-factor.service';
import { findUserByUsername, toMe } from '../users/users.service';

const userAgentOf = (ctx: Context) => ctx.req.get('user-agent') ?? '';

/** What the audit log names a failed sign-in after: what was typed is often a password. */
export const UNKNOWN_USER = 'unknown user';

/**
 * A password step that failed on its credentials, for the audit log: the account when the
 * name matches one, else `unknown user` (never the text typed, and never the password).
 */
async function auditPasswordFailure(ctx: Context, username: string, error: unknown) {
  if (!(error instanceof AppError && error.code === 'UNAUTHORIZED')) return;
  const user = await findUserByUsername(ctx.em, username);
  await recordAudit(ctx.em, {
    actor: null,
    actorUsername: user?.username ?? UNKNOWN_USER,
    action: 'login_failed',
    entityType: 'user',
    entityId: user?.id ?? null,
    changes: { step: { to: 'password' } },
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
        await auditPasswordFailure(ctx, input.username, error);
        throw error;
      });
      if (await hasTwoFactor(ctx.em, user.id)) {
        await ctx.deps.sessions.awaitSecondFactor(ctx.em, ctx.req, ctx.res, user.id);
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
      const { sessions } = ctx.deps;
      const userId = await sessions.pendingSecondFactor(ctx.em, ctx.req, ctx.res);
      const user = userId === null ? null : await findUser(ctx.em, userId);
      if (!user || !user.isActive)
        throw new AppError('UNAUTHORIZED', TWO_FACTOR_MESSAGES.signInFirst);
      // Codes are counted per account across every network and sign-in (10 wrong ones in 15
      // minutes), apart from passwords: a right password does not reset the count.
      const verifier = {
        em: ctx.em,
        user: { id: user.id, username: user.username },
        ip: ctx.ip,
        userAgent: userAgentOf(ctx),
      };
      const used = await confirmSecondFactor(
        verifier,
        'sign_in',
        input,
        new AppError('UNAUTHORIZED', TWO_FACTOR_MESSAGES.wrongCode, 'code').as(
          'INVALID_CREDENTIALS',
        ),
      );
      // One password step completes one sign-in: a copy of this cookie completes nothing more.
      if (!(await sessions.spendSecondFactorChallenge(ctx.em, ctx.req, ctx.res, user.id)))
        throw new AppError('UNAUTHORIZED', TWO_FACTOR_MESSAGES.signInFirst);
      return signIn(ctx, toMe(user), used);
    }),
};
