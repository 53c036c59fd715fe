import { z } from 'zod';
import { ZCampaign, ZCampaignCreate, ZCampaignUpdate } from '../../shared/campaigns.schema';
import { ZIdInput, ZOk } from '../../shared/text.schema';
import { adminProcedure, router } from '../trpc/trpc';
import { restRoutes } from '../trpc/rest-meta';
import {
  createCampaign,
  deleteCampaign,
  duplicateCampaign,
  listCampaigns,
  updateCampaign,
} from './campaigns.service';

const rest = restRoutes(['campaigns'], 'campaign');

export const adminCampaignsRouter = router({
  list: adminProcedure
    .meta(rest('GET', '/campaigns', 'Every campaign, newest first'))
    .input(z.void())
    .output(z.array(ZCampaign))
    .query(({ ctx }) => listCampaigns(ctx.em)),

  create: adminProcedure
    .meta(rest('POST', '/campaigns', 'Create a campaign', { audit: 'create' }))
    .input(ZCampaignCreate)
    .output(ZCampaign)
    .mutation(({ ctx, input }) => createCampaign(ctx.em, input)),

  update: adminProcedure
    .meta(rest('PATCH', '/campaigns/{id}', 'Change any fields of a campaign', { audit: 'update' }))
    .input(ZCampaignUpdate)
    .output(ZCampaign)
    .mutation(({ ctx, input }) => updateCampaign(ctx.em, input)),

  duplicate: adminProcedure
    .meta(
      rest('POST', '/campaigns/{id}/duplicate', 'Copy a campaign as a new draft', {
        audit: 'duplicate',
      }),
    )
    .input(ZIdInput)
    .output(ZCampaign)
    .mutation(({ ctx, input }) => duplicateCampaign(ctx.em, input.id)),

  delete: adminProcedure
    .meta(rest('DELETE', '/campaigns/{id}', 'Delete a campaign', { audit: 'delete' }))
    .input(ZIdInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await deleteCampaign(ctx.em, input.id);
      return { success: true, message: 'Campaign deleted' };
    }),
});
