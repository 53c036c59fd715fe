import { z } from 'zod';
import {
  ZCurrentPrivacyNotice,
  ZPrivacyExport,
  ZPrivacyExportRequest,
  ZPrivacyNotice,
  ZPrivacyNoticeCreate,
  ZPrivacyNoticeQuery,
  privacyExportFileName,
} from '../../shared/privacy.schema';
import { throttledProcedure } from '../rate-limit/retry-after.service';
import { restRoutes } from '../trpc/rest-meta';
import { adminProcedure, router } from '../trpc/trpc';
import {
  currentPrivacyNotice,
  listPrivacyNotices,
  privacyNoticeVersion,
  publishPrivacyNotice,
} from './privacy-notices.service';
import { exportPerson } from './privacy-export.service';

export const publicPrivacyRouter = router({
  notice: throttledProcedure
    .meta(
      restRoutes(['public'])('GET', '/privacy/notice', 'The privacy notice people are shown now', {
        description: 'With `version`, that version as it was published (404 when there is none).',
        protect: false,
      }),
    )
    .input(ZPrivacyNoticeQuery)
    .output(ZCurrentPrivacyNotice)
    .query(async ({ ctx, input }) => {
      const notice =
        input.version === undefined
          ? await currentPrivacyNotice(ctx.em)
          : await privacyNoticeVersion(ctx.em, input.version);
      return { version: notice.version, text: notice.text, createdAt: notice.createdAt };
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

  exportPerson: adminProcedure
    .meta(
      rest('POST', '/privacy/exports', "Everything held about a person's email address", {
        audit: { action: 'export', entity: 'person' },
        description:
          'Matched in any case: the contacts with that address (all fields and consent) and, about them or the address, ' +
          'their timeline and notes, every email message (subject and body), webhook deliveries (payloads), bookings, ' +
          'tasks, service inquiries, quarantined submissions, import error rows naming it, audit entries and the ' +
          'analytics first touch. Over REST, a JSON download (Content-Disposition: attachment).',
      }),
    )
    .input(ZPrivacyExportRequest)
    .output(ZPrivacyExport)
    .mutation(async ({ ctx, input }) => {
      const held = await exportPerson(ctx.em, input.email);
      ctx.res.setHeader?.(
        'Content-Disposition',
        `attachment; filename="${privacyExportFileName(held)}"`,
      );
      ctx.res.setHeader?.('Cache-Control', 'no-store');
      return held;
    }),
});
