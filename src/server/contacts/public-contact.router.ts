import { ZContactSubmit, ZContact } from '../../shared/contacts.schema';
import { ZOk } from '../../shared/text.schema';
import { publicProcedure, router } from '../trpc/trpc';
import { submitContact } from './contact-submit.service';

export const publicContactRouter = router({
  submit: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/contacts', tags: ['public'], protect: false, summary: 'Submit the website contact form' } })
    .input(ZContactSubmit)
    .output(ZOk.extend({ contact: ZContact.pick({ id: true, status: true, source: true }).optional() }))
    .mutation(({ ctx, input }) => submitContact(ctx.em, input, { ip: ctx.ip, userAgent: ctx.req.get('user-agent') ?? '' })),
});
