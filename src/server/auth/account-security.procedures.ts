import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import {
  TWO_FACTOR_MESSAGES,
  ZSessionInfo,
  ZTwoFactorDisable,
  ZTwoFactorEnable,
  ZTwoFactorEnabled,
  ZTwoFactorSetup,
  ZTwoFactorSetupInput,
} from '../../shared/account-security.schema';
import { ZOk } from '../../shared/text.schema';
import { AppError } from '../errors';
import { throttled } from '../rate-limit/retry-after.procedure';
import type { Context } from '../trpc/context';
import { authedProcedure } from '../trpc/trpc';
import type { Actor } from './session';
import { listMySessions, revokeMySession, revokeOtherSessions } from './sessions.service';
import { confirmPassword, confirmSecondFactor, type Verifier } from './step-up.service';
import {
  beginTwoFactorSetup,
  clearTwoFactor,
  enableTwoFactor,
  hasTwoFactor,
} from './two-factor.service';

/**
 * The signed-in user, as the step-up checks see them. Their counters, audit entries and security
 * events are written outside the write's transaction (a fork of the root manager): a refused
 * attempt rolls the write back, and must still count and leave its trace.
 */
const verifier = (ctx: Pick<Context, 'ip' | 'req' | 'deps'> & { actor: Actor }): Verifier => ({
  em: ctx.deps.orm.em.fork() as EntityManager,
  user: { id: ctx.actor.userId, username: ctx.actor.username },
  ip: ctx.ip,
  userAgent: ctx.req.get('user-agent') ?? '',
});

/** Step-up checks answer 429 with Retry-After once the sign-in throttle is exhausted. */
const stepUpProcedure = authedProcedure.use(throttled);

const tags = ['account security'];

/** The signed-in user's own two-factor set-up and sessions (auth.*). */
export const accountSecurityProcedures = {
  twoFactorSetup: stepUpProcedure
    .meta({
      audit: 'two_factor_setup',
      openapi: {
        method: 'POST',
        path: '/auth/2fa/setup',
        tags,
        summary:
          'A new TOTP key with its otpauth URL and QR code (pending until enabled); needs the current password',
      },
    })
    .input(ZTwoFactorSetupInput)
    .output(ZTwoFactorSetup)
    .mutation(async ({ ctx, input }) => {
      if (await hasTwoFactor(ctx.em, ctx.actor.userId))
        throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.alreadyOn);
      await confirmPassword(verifier(ctx), 'two_factor_setup', input.password);
      return beginTwoFactorSetup(ctx.em, ctx.actor.userId);
    }),

  twoFactorEnable: authedProcedure
    .meta({
      audit: 'two_factor_enable',
      openapi: {
        method: 'POST',
        path: '/auth/2fa/enable',
        tags,
        summary: 'Turn two-factor sign-in on with a code; answers 10 one-time recovery codes',
      },
    })
    .input(ZTwoFactorEnable)
    .output(ZTwoFactorEnabled)
    .mutation(({ ctx, input }) => enableTwoFactor(ctx.em, ctx.actor.userId, input.code)),

  twoFactorDisable: stepUpProcedure
    .meta({
      audit: 'two_factor_disable',
      openapi: {
        method: 'POST',
        path: '/auth/2fa/disable',
        tags,
        summary: 'Turn two-factor sign-in off (password and a code or recovery code)',
      },
    })
    .input(ZTwoFactorDisable)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      if (!(await hasTwoFactor(ctx.em, ctx.actor.userId)))
        throw new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.notOn);
      const v = verifier(ctx);
      await confirmPassword(v, 'two_factor_disable', input.password);
      const factor = /^\d{6}$/.test(input.code)
        ? { code: input.code }
        : { recoveryCode: input.code };
      await confirmSecondFactor(
        v,
        'two_factor_disable',
        factor,
        new AppError('BAD_REQUEST', TWO_FACTOR_MESSAGES.wrongCode, 'code'),
      );
      await clearTwoFactor(ctx.em, ctx.actor.userId);
      return { success: true, message: 'Two-factor authentication is off' };
    }),

  sessions: authedProcedure
    .meta({
      openapi: { method: 'GET', path: '/auth/sessions', tags, summary: 'My active sessions' },
    })
    .input(z.void())
    .output(z.array(ZSessionInfo))
    .query(({ ctx }) => listMySessions(ctx.em, ctx.actor)),

  revokeSession: authedProcedure
    .meta({
      audit: 'revoke_session',
      openapi: {
        method: 'DELETE',
        path: '/auth/sessions/{id}',
        tags,
        summary: 'Sign one of my sessions out',
      },
    })
    .input(z.strictObject({ id: z.string().min(1).max(40) }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await revokeMySession(ctx.em, ctx.actor, input.id);
      return { success: true, message: 'Session signed out' };
    }),

  revokeOtherSessions: authedProcedure
    .meta({
      audit: 'revoke_other_sessions',
      openapi: {
        method: 'POST',
        path: '/auth/sessions/revoke-others',
        tags,
        summary: 'Sign out everywhere but here',
      },
    })
    .input(z.void())
    .output(ZOk.extend({ revoked: z.number().int() }))
    .mutation(async ({ ctx }) => {
      const revoked = await revokeOtherSessions(ctx.em, ctx.actor);
      return { success: true, revoked, message: `Signed out ${revoked} other sessions` };
    }),
};
