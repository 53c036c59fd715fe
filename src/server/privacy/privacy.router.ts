import { z } from 'zod';
import {
  ZCurrentPrivacyNotice,
  ZErasureLedgerPage,
  ZErasureLedgerQuery,
  ZErasureRequest,
  ZErasureResult,
  ZPrivacySettings,
  ZRetentionPreview,
  ZRetentionRun,
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
import { eraseAddresses } from './erasure.service';
import { listErasures } from './erasure-ledger.sql';
import {
  getPrivacySettings,
  retentionPreview,
  runRetention,
  savePrivacySettings,
} from './retention.service';

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
      const held = await exportPerson(ctx.em, input.email, ctx.deps.privacy.exportSections);
      ctx.res.setHeader?.(
        'Content-Disposition',
        `attachment; filename="${privacyExportFileName(held)}"`,
      );
      ctx.res.setHeader?.('Cache-Control', 'no-store');
      return held;
    }),

  erase: adminProcedure
    .meta(
      rest('POST', '/privacy/erasures', "Erase everything held about a person's email address", {
        audit: { action: 'erase', entity: 'person' },
        description:
          'Matched in any case. Deletes the contacts with that address and their timeline, notes, bookings (a call ' +
          'still ahead is called off: the host is told, the person is not emailed), tasks and inquiries; deletes the ' +
          'emails and webhook deliveries about them with their queued jobs, quarantined submissions and import error ' +
          "rows quoting the address; audit entries about them keep action, actor and time, the person's values " +
          'become [erased]. A keyed hash of the address goes to the erasure ledger (never the address), and a ' +
          'contact.erased webhook names the contact ids. A second erasure of the same address answers the earlier ' +
          'entry with zero counts.',
      }),
    )
    .input(ZErasureRequest)
    .output(ZErasureResult)
    .mutation(({ ctx, input }) =>
      eraseAddresses(ctx.em, ctx.deps.privacy, [input.email], {
        trigger: 'request',
        actor: { id: ctx.actor.userId, username: ctx.actor.username },
        reason: input.reason,
      }),
    ),

  erasures: adminProcedure
    .meta(
      rest('GET', '/privacy/erasures', 'The erasure ledger, newest first', {
        description:
          'Each erasure (a request, or a batch of the retention rule) with keyed hashes of its addresses, never the ' +
          'addresses: when, by whom, why and what was removed. `nextCursor` pages on.',
      }),
    )
    .input(ZErasureLedgerQuery)
    .output(ZErasureLedgerPage)
    .query(({ ctx, input }) => listErasures(ctx.em, input)),

  settings: adminProcedure
    .meta(rest('GET', '/privacy/settings', 'The retention rule'))
    .input(z.void())
    .output(ZPrivacySettings)
    .query(({ ctx }) => getPrivacySettings(ctx.em)),

  updateSettings: adminProcedure
    .meta(
      rest('PUT', '/privacy/settings', 'Change the retention rule', {
        audit: { action: 'update', entity: 'privacy_settings' },
        description:
          '`retention.unconvertedLeadDays`: leads never converted and untouched this many days (30 to 3650) are ' +
          'erased every night; null keeps them.',
      }),
    )
    .input(ZPrivacySettings)
    .output(ZPrivacySettings)
    .mutation(({ ctx, input }) => savePrivacySettings(ctx.em, input)),

  retentionPreview: adminProcedure
    .meta(
      rest('GET', '/privacy/retention/preview', 'What the retention rule would erase now', {
        description: 'Contacts and distinct addresses; zero when retention is off.',
      }),
    )
    .input(z.void())
    .output(ZRetentionPreview)
    .query(({ ctx }) => retentionPreview(ctx.em)),

  runRetention: adminProcedure
    .meta(
      rest('POST', '/privacy/retention/run', 'Run the retention rule now', {
        audit: { action: 'erase', entity: 'person' },
        description:
          'Erases what the preview counts, in batches of 500 addresses (each a ledger entry and an audit entry), ' +
          'as the nightly run does.',
      }),
    )
    .input(z.void())
    .output(ZRetentionRun)
    .mutation(({ ctx }) =>
      runRetention(ctx.em, ctx.deps.privacy, {
        id: ctx.actor.userId,
        username: ctx.actor.username,
      }),
    ),
});
