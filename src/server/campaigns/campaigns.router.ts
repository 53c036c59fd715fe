import { z } from 'zod';
import { ZCampaign, ZCampaignCreate, ZCampaignUpdate } from '../../shared/campaigns.schema';
import { ZIdInput, ZOk } from '../../shared/text.schema';
import { adminProcedure, router } from '../trpc/trpc';
import {
  createCampaign,
  deleteCampaign,
  duplicateCampaign,
  listCampaigns,
  updateCampaign,
} from './campaigns.service';

const tags = ['campaigns'];

export const adminCampaignsRouter = router({
  list: adminProcedure
    .meta({
      openapi: { method: 'GET', path: '/campaigns', tags, summary: 'Every campaign, newest first' },
    })
    .input(z.void())
    .output(z.array(ZCampaign))
    .query(({ ctx }) => listCampaigns(ctx.em)),

  create: adminProcedure
    .meta({
      audit: 'create',
      openapi: { method: 'POST', path: '/campaigns', tags, summary: 'Create a campaign' },
    })
    .input(ZCampaignCreate)
    .output(ZCampaign)
    .mutation(({ ctx, input }) => createCampaign(ctx.em, input)),

  update: adminProcedure
    .meta({
      audit: 'update',
      openapi: {
        method: 'PATCH',
        path: '/campaigns/{id}',
        tags,
        summary: 'Change any fields of a campaign',
      },
    })
    .input(ZCampaignUpdate)
    .output(ZCampaign)
    .mutation(({ ctx, input }) => updateCampaign(ctx.em, input)),

  duplicate: adminProcedure
    .meta({
      audit: 'duplicate',
      openapi: {
        method: 'POST',
        path: '/campaigns/{id}/duplicate',
        tags,
        summary: 'Copy a campaign as a new draft',
      },
    })
    .input(ZIdInput)
    .output(ZCampaign)
    .mutation(({ ctx, input }) => duplicateCampaign(ctx.em, input.id)),

  delete: adminProcedure
    .meta({
      audit: 'delete',
      openapi: { method: 'DELETE', path: '/campaigns/{id}', tags, summary: 'Delete a campaign' },
    })
    .input(ZIdInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await deleteCampaign(ctx.em, input.id);
      return { success: true, message: 'Campaign deleted' };
    }),
});
