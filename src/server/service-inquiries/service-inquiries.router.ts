import { z } from 'zod';
import {
  ZServiceInquiry,
  ZServiceInquiryCreate,
  ZServiceInquiryUpdate,
} from '../../shared/service-inquiries.schema';
import { adminProcedure, router } from '../trpc/trpc';
import { restRoutes } from '../trpc/rest-meta';
import {
  createServiceInquiry,
  listServiceInquiries,
  updateServiceInquiry,
} from './service-inquiries.service';

const rest = restRoutes(['service inquiries'], 'service_inquiry');

export const adminServiceInquiriesRouter = router({
  list: adminProcedure
    .meta(rest('GET', '/service-inquiries', 'Every service inquiry, newest first'))
    .input(z.void())
    .output(z.array(ZServiceInquiry))
    .query(({ ctx }) => listServiceInquiries(ctx.em)),

  create: adminProcedure
    .meta(
      rest('POST', '/service-inquiries', 'Record a service inquiry for a contact', {
        audit: 'create',
      }),
    )
    .input(ZServiceInquiryCreate)
    .output(ZServiceInquiry)
    .mutation(({ ctx, input }) => createServiceInquiry(ctx.em, input)),

  update: adminProcedure
    .meta(
      rest('PATCH', '/service-inquiries/{id}', 'Edit priority and details', { audit: 'update' }),
    )
    .input(ZServiceInquiryUpdate)
    .output(ZServiceInquiry)
    .mutation(({ ctx, input }) => updateServiceInquiry(ctx.em, input)),
});
