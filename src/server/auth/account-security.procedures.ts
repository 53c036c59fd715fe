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
import { PASSWORD_MIN, ZPasswordChange } from '../../shared/users.schema';
import { setUserPassword } from '../users/users.service';
import { AppError } from '../errors';
import { throttled } from '../rate-limit/retry-after.service';
import type { Context } from '../trpc/context';
import { authedProcedure } from '../trpc/trpc';
import type { Actor } from './session';
import { listMySessions, revokeMySession, revokeOtherSessions } from './sessions.service';
import { confirmPassword, confirmSecondFactor, type Verifier } from './step-up.service';
import { restRoutes } from '../trpc/rest-meta';
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

const rest = restRoutes(['account security'], 'user');

/** The signed-in user's own two-factor set-up and sessions (auth.*). */
export const accountSecurityProcedures = {
  twoFactorSetup: stepUpProcedure
    .meta(
      rest(
        'POST',
        '/auth/2fa/setup',
        'A new TOTP key with its otpauth URL and QR code (pending until enabled); needs the current password',
        { audit: 'two_factor_setup' },
      ),
    )
    .input(ZTwoFactorSetupInput)
    .output(ZTwoFactorSetup)
    .mutation(async ({ ctx, input }) => {
      if (await hasTwoFactor(ctx.em, ctx.actor.userId))
        throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.alreadyOn);
      await confirmPassword(verifier(ctx), 'two_factor_setup', input.password);
      return beginTwoFactorSetup(ctx.em, ctx.actor.userId);
    }),

  twoFactorEnable: authedProcedure
    .meta(
      rest(
        'POST',
        '/auth/2fa/enable',
        'Turn two-factor sign-in on with a code; answers 10 one-time recovery codes',
        { audit: 'two_factor_enable' },
      ),
    )
    .input(ZTwoFactorEnable)
    .output(ZTwoFactorEnabled)
    .mutation(({ ctx, input }) => enableTwoFactor(ctx.em, ctx.actor.userId, input.code)),

  twoFactorDisable: stepUpProcedure
    .meta(
      rest(
        'POST',
        '/auth/2fa/disable',
        'Turn two-factor sign-in off (password and a code or recovery code)',
        { audit: 'two_factor_disable' },
      ),
    )
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
    .meta(rest('GET', '/auth/sessions', 'My active sessions'))
    .input(z.void())
    .output(z.array(ZSessionInfo))
    .query(({ ctx }) => listMySessions(ctx.em, ctx.actor)),

  revokeSession: authedProcedure
    .meta(
      rest('DELETE', '/auth/sessions/{id}', 'Sign one of my sessions out', {
        audit: 'revoke_session',
      }),
    )
    .input(z.strictObject({ id: z.string().min(1).max(40) }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await revokeMySession(ctx.em, ctx.actor, input.id);
      return { success: true, message: 'Session signed out' };
    }),

  changePassword: stepUpProcedure
    .meta(
      rest('POST', '/account/password', 'Change my password (ends my other sessions)', {
        audit: 'change_password',
        description:
          `The new password follows the rules of user creation (at least ${PASSWORD_MIN} characters). A wrong \`currentPassword\` is a ` +
          '400 naming it and counts toward the sign-in throttle (429 with Retry-After beyond it).',
      }),
    )
    .input(ZPasswordChange)
    .output(ZOk.extend({ signedOut: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      await confirmPassword(verifier(ctx), 'change_password', input.currentPassword).catch(
        (error: unknown) => {
          // The field the user typed it in.
          if (error instanceof AppError && error.field === 'password')
            throw new AppError('BAD_REQUEST', error.message, 'currentPassword');
          throw error;
        },
      );
      const signedOut = await ctx.em.transactional(async (tem) => {
        await setUserPassword(tem, ctx.actor.userId, input.newPassword);
        return revokeOtherSessions(tem, ctx.actor);
      });
      return { success: true, signedOut, message: 'Password changed' };
    }),

  revokeOtherSessions: authedProcedure
    .meta(
      rest('POST', '/auth/sessions/revoke-others', 'Sign out everywhere but here', {
        audit: 'revoke_other_sessions',
      }),
    )
    .input(z.void())
    .output(ZOk.extend({ revoked: z.number().int() }))
    .mutation(async ({ ctx }) => {
      const revoked = await revokeOtherSessions(ctx.em, ctx.actor);
      return { success: true, revoked, message: `Signed out ${revoked} other sessions` };
    }),
};
