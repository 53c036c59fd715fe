import { z } from 'zod';
import { ZContact, ZContactSubmit, ZFormToken } from '../../shared/contacts.schema';
import { DEFAULT_BOOKING_TOKEN_TTL_HOURS, ZBookingLink } from '../../shared/booking.schema';
import { ZOk } from '../../shared/text.schema';
import { bookingLinkFor } from '../booking/bookings.service';
import { issueContactFormToken } from '../form-guard/form-token.service';
import { currentPrivacyNotice } from '../privacy/privacy-notices.service';
import { contactsSubmitted } from '../observability/metrics';
import { throttledProcedure } from '../rate-limit/retry-after.service';
import { router } from '../trpc/trpc';
import { restRoutes } from '../trpc/rest-meta';
import { submitContact } from './contact-submit.service';

const rest = restRoutes(['public']);

export const publicContactRouter = router({
  submit: throttledProcedure
    .meta(
      rest('POST', '/contacts', 'Submit the website contact form', {
        description:
          'Protected by the Security Center settings. With bot detection on, send `formToken` from GET /contacts/form-token ' +
          'obtained at least minFormFillTime seconds earlier (single use), plus browser User-Agent and Accept-Language headers. ' +
          '429 when the per-IP hourly limit is exceeded; 400/403 with a message when a protection refuses the submission. ' +
          'From a server, send `Authorization: Bearer <integration key>` instead (Admin > API Keys): no form token, ' +
          'browser headers or fill time are needed, the content filter still applies, 429 past the per-key hourly limit, ' +
          '401 for a wrong or revoked key; the contact gets source `api`. ' +
          '`consent` records the privacy notice version shown (`noticeVersion`, from GET /contacts/form-token; the current ' +
          'version when left out) and whether the person ticked product news (`marketingOptIn`, false when left out).',
        protect: false,
      }),
    )
    .input(ZContactSubmit)
    .output(
      ZOk.extend({
        contact: ZContact.pick({ id: true, status: true, source: true }).optional(),
        /** The lead's way to book the strategy call (while booking is on). */
        booking: ZBookingLink.optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const who = {
        ip: ctx.ip,
        userAgent: ctx.req.get('user-agent') ?? '',
        acceptLanguage: ctx.req.get('accept-language') ?? '',
      };
      // A key, when sent, decides alone: a wrong one is a 401, never a fall back to the browser checks.
      const authorization = ctx.req.get('authorization');
      const source = authorization === undefined ? 'website' : 'api';
      try {
        const { outcome, ...answer } =
          authorization === undefined
            ? await submitContact(ctx.em, input, who, ctx.deps.events)
            : await ctx.deps.keyedLeads.submit({ input, authorization, who });
        contactsSubmitted.inc({ source, outcome });
        const booking =
          answer.contact &&
          (await bookingLinkFor(
            ctx.em,
            answer.contact.id,
            ctx.deps.booking?.tokenTtlHours ?? DEFAULT_BOOKING_TOKEN_TTL_HOURS,
          ));
        return booking ? { ...answer, booking } : answer;
      } catch (error) {
        contactsSubmitted.inc({ source, outcome: 'refused' });
        throw error;
      }
    }),

  formToken: throttledProcedure
    .meta(
      rest(
        'GET',
        '/contacts/form-token',
        'A signed, single-use token to send with the contact form (proves the form was open long enough)',
        {
          description:
            'Valid only from the client network it was issued to (the IPv4 address or IPv6 /64). ' +
            'At most 30 per network per 10 minutes; beyond that 429 with Retry-After.',
          protect: false,
        },
      ),
    )
    .input(z.void())
    .output(ZFormToken)
    .query(async ({ ctx }) => {
      ctx.res.setHeader?.('Cache-Control', 'no-store');
      const token = await issueContactFormToken(ctx.em, {
        ip: ctx.ip,
        userAgent: ctx.req.get('user-agent') ?? '',
      });
      // The version the form's notice link shows, for the consent it sends back.
      return { ...token, noticeVersion: (await currentPrivacyNotice(ctx.em)).version };
    }),
});
