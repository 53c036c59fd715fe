import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { creationTime, updateTime } from '../db/timestamps';
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
    createdAt: creationTime(),
    updatedAt: updateTime(),
  },
});
export type ICampaign = InferEntity<typeof Campaign>;
