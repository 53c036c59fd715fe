import { z } from 'zod';
import { ZContact, ZContactSubmit, ZFormToken } from '../../shared/contacts.schema';
import { ZOk } from '../../shared/text.schema';
import { issueContactFormToken } from '../form-guard/form-token.service';
import { throttledProcedure } from '../rate-limit/retry-after.procedure';
import { router } from '../trpc/trpc';
import { submitContact } from './contact-submit.service';

const tags = ['public'];

export const publicContactRouter = router({
  submit: throttledProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/contacts',
        tags,
        protect: false,
        summary: 'Submit the website contact form',
        description:
          'Protected by the Security Center settings. With bot detection on, send `formToken` from GET /contacts/form-token ' +
          'obtained at least minFormFillTime seconds earlier (single use), plus browser User-Agent and Accept-Language headers. ' +
          '429 when the per-IP hourly limit is exceeded; 400/403 with a message when a protection refuses the submission.',
      },
    })
    .input(ZContactSubmit)
    .output(
      ZOk.extend({ contact: ZContact.pick({ id: true, status: true, source: true }).optional() }),
    )
    .mutation(({ ctx, input }) =>
      submitContact(
        ctx.em,
        input,
        {
          ip: ctx.ip,
          userAgent: ctx.req.get('user-agent') ?? '',
          acceptLanguage: ctx.req.get('accept-language') ?? '',
        },
        ctx.deps.notifier,
      ),
    ),

  formToken: throttledProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/contacts/form-token',
        tags,
        protect: false,
        summary:
          'A signed, single-use token to send with the contact form (proves the form was open long enough)',
        description:
          'Valid only from the client network it was issued to (the IPv4 address or IPv6 /64). ' +
          'At most 30 per network per 10 minutes; beyond that 429 with Retry-After.',
      },
    })
    .input(z.void())
    .output(ZFormToken)
    .query(async ({ ctx }) => {
      ctx.res.setHeader?.('Cache-Control', 'no-store');
      return issueContactFormToken(ctx.em, {
        ip: ctx.ip,
        userAgent: ctx.req.get('user-agent') ?? '',
      });
    }),
});
