import {
  PASSWORD_RESET_MESSAGES,
  ZPasswordResetConfirm,
  ZPasswordResetRequest,
} from '../../shared/auth.schema';
import { ZOk } from '../../shared/text.schema';
import { recordAudit } from '../audit/audit.service';
import { throttledProcedure } from '../rate-limit/retry-after.service';
import { restRoutes } from '../trpc/rest-meta';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service';

const rest = restRoutes(['auth']);

/** "Forgot password?" (auth.*): ask for a link by email, then set a new password with it. */
export const passwordResetProcedures = {
  requestPasswordReset: throttledProcedure
    .meta(
      rest('POST', '/auth/password-reset', 'Email a one-time link to set a new password', {
        protect: false,
        accepted: true,
        description:
          'Always 202 with the same answer, whether an account uses the address or not. The link works once, for ' +
          '30 minutes. At most 3 links per address an hour; 429 past 20 requests from one network an hour.',
      }),
    )
    .input(ZPasswordResetRequest)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await requestPasswordReset(ctx.em, input.email, ctx.ip, ctx.deps);
      return { success: true, message: PASSWORD_RESET_MESSAGES.requested };
    }),

  confirmPasswordReset: throttledProcedure
    .meta(
      rest('POST', '/auth/password-reset/confirm', 'Set a new password with the emailed link', {
        protect: false,
        description:
          'Sets it once and signs the account out everywhere; a token unknown, used or expired is a 400 naming `token`.',
      }),
    )
    .input(ZPasswordResetConfirm)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      const { userId, username } = await confirmPasswordReset(
        ctx.em,
        input.token,
        input.newPassword,
      );
      await recordAudit(ctx.em, {
        actor: { id: userId, username },
        action: 'reset_password',
        entityType: 'user',
        entityId: userId,
        changes: null,
        ip: ctx.ip,
        userAgent: ctx.req.get('user-agent') ?? null,
      });
      return { success: true, message: PASSWORD_RESET_MESSAGES.done };
    }),
};
