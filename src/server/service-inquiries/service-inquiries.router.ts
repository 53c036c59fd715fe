import { z } from 'zod';
import {
  ZServiceInquiry,
  ZServiceInquiryCreate,
  ZServiceInquiryUpdate,
} from '../../shared/service-inquiries.schema';
import { adminProcedure, router } from '../trpc/trpc';
import {
  createServiceInquiry,
  listServiceInquiries,
  updateServiceInquiry,
} from './service-inquiries.service';

const tags = ['service inquiries'];

export const adminServiceInquiriesRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/service-inquiries',
        tags,
        summary: 'Every service inquiry, newest first',
      },
    })
    .input(z.void())
    .output(z.array(ZServiceInquiry))
    .query(({ ctx }) => listServiceInquiries(ctx.em)),

  create: adminProcedure
    .meta({
      audit: 'create',
      openapi: {
        method: 'POST',
        path: '/service-inquiries',
        tags,
        summary: 'Record a service inquiry for a contact',
      },
    })
    .input(ZServiceInquiryCreate)
    .output(ZServiceInquiry)
    .mutation(({ ctx, input }) => createServiceInquiry(ctx.em, input)),

  update: adminProcedure
    .meta({
      audit: 'update',
      openapi: {
        method: 'PATCH',
        path: '/service-inquiries/{id}',
        tags,
        summary: 'Edit priority and details',
      },
    })
    .input(ZServiceInquiryUpdate)
    .output(ZServiceInquiry)
    .mutation(({ ctx, input }) => updateServiceInquiry(ctx.em, input)),
});
