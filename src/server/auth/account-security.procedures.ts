import { z } from 'zod';
import {
  ZSessionInfo,
  ZTwoFactorDisable,
  ZTwoFactorEnable,
  ZTwoFactorEnabled,
  ZTwoFactorSetup,
} from '../../shared/account-security.schema';
import { ZOk } from '../../shared/text.schema';
import { authedProcedure } from '../trpc/trpc';
import { listMySessions, revokeMySession, revokeOtherSessions } from './sessions.service';
import { beginTwoFactorSetup, disableTwoFactor, enableTwoFactor } from './two-factor.service';

const tags = ['account security'];

/** The signed-in user's own two-factor set-up and sessions (auth.*). */
export const accountSecurityProcedures = {
  twoFactorSetup: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/2fa/setup',
        tags,
        summary: 'A new TOTP key with its otpauth URL and QR code (pending until enabled)',
      },
    })
    .input(z.void())
    .output(ZTwoFactorSetup)
    .mutation(({ ctx }) => beginTwoFactorSetup(ctx.em, ctx.actor.userId)),

  twoFactorEnable: authedProcedure
    .meta({
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

  twoFactorDisable: authedProcedure
    .meta({
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
      await disableTwoFactor(ctx.em, ctx.actor.userId, input.password, input.code);
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
      openapi: {
        method: 'DELETE',
        path: '/auth/sessions/{id}',
        tags,
        summary: 'Sign one of my sessions out',
      },
    })
    .input(z.object({ id: z.string().min(1).max(40) }))
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await revokeMySession(ctx.em, ctx.actor, input.id);
      return { success: true, message: 'Session signed out' };
    }),

  revokeOtherSessions: authedProcedure
    .meta({
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
