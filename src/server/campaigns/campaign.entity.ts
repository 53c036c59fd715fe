import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { CAMPAIGN_STATUSES, CAMPAIGN_TYPES } from '../../shared/campaigns.schema';

export const Campaign = defineEntity({
  name: 'Campaign',
  tableName: 'campaigns',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(200),
    type: p.enum(CAMPAIGN_TYPES),
    status: p.enum(CAMPAIGN_STATUSES).default('draft').index(),
    targetAudience: p.string().length(200).nullable(),
    goalMetric: p.string().length(100).nullable(),
    goalValue: p.integer().nullable(),
    description: p.text().nullable(),
    utmCampaign: p.string().length(100).nullable().unique(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type ICampaign = InferEntity<typeof Campaign>;
