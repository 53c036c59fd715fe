import { z } from 'zod';
import {
  ZCurrentPrivacyNotice,
  ZPrivacyNotice,
  ZPrivacyNoticeCreate,
} from '../../shared/privacy.schema';
import { throttledProcedure } from '../rate-limit/retry-after.service';
import { restRoutes } from '../trpc/rest-meta';
import { adminProcedure, router } from '../trpc/trpc';
import {
  currentPrivacyNotice,
  listPrivacyNotices,
  publishPrivacyNotice,
} from './privacy-notices.service';

export const publicPrivacyRouter = router({
  notice: throttledProcedure
    .meta(
      restRoutes(['public'])('GET', '/privacy/notice', 'The privacy notice people are shown now', {
        protect: false,
      }),
    )
    .input(z.void())
    .output(ZCurrentPrivacyNotice)
    .query(async ({ ctx }) => {
      const { version, text, createdAt } = await currentPrivacyNotice(ctx.em);
      return { version, text, createdAt };
    }),
});

const rest = restRoutes(['privacy'], 'privacy_notice');

export const adminPrivacyRouter = router({
  notices: adminProcedure
    .meta(rest('GET', '/privacy/notices', 'Every version of the privacy notice, newest first'))
    .input(z.void())
    .output(z.array(ZPrivacyNotice))
    .query(({ ctx }) => listPrivacyNotices(ctx.em)),

  publishNotice: adminProcedure
    .meta(
      rest('POST', '/privacy/notices', 'Publish the next version of the privacy notice', {
        audit: 'create',
        created: true,
        description:
          'The new version is shown from now on; older versions are kept as they were published (a consent names the version it was given under).',
      }),
    )
    .input(ZPrivacyNoticeCreate)
    .output(ZPrivacyNotice)
    .mutation(({ ctx, input }) => publishPrivacyNotice(ctx.em, input, ctx.actor.userId)),
});
