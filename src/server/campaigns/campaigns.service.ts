import type { EntityManager } from '@mikro-orm/postgresql';
import { raw } from '@mikro-orm/core';
import type {
  TCampaign,
  TCampaignCreate,
  TCampaignStatus,
  TCampaignUpdate,
} from '../../shared/campaigns.schema';
import { notFound } from '../errors';
import { Campaign, type ICampaign } from './campaign.entity';

export function toCampaignView(c: ICampaign): TCampaign {
  return {
    id: c.id,
    name: c.name,
    type: c.type,
    status: c.status,
    targetAudience: c.targetAudience ?? null,
    goalMetric: c.goalMetric ?? null,
    goalValue: c.goalValue ?? null,
    description: c.description ?? null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export async function listCampaigns(em: EntityManager): Promise<TCampaign[]> {
  const rows = await em.find(Campaign, {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return rows.map(toCampaignView);
}

export async function createCampaign(
  em: EntityManager,
  input: TCampaignCreate,
): Promise<TCampaign> {
  const campaign = em.create(Campaign, { ...input });
  await em.flush();
  return toCampaignView(campaign);
}

export async function updateCampaign(
  em: EntityManager,
  input: TCampaignUpdate,
): Promise<TCampaign> {
  const campaign = await em.findOne(Campaign, { id: input.id });
  if (!campaign) throw notFound('Campaign', input.id);
  const { id: _id, ...changes } = input;
  for (const [key, value] of Object.entries(changes)) {
    if (value !== undefined) (campaign as Record<string, unknown>)[key] = value;
  }
  await em.flush();
  return toCampaignView(campaign);
}

/** A real copy: 'Copy of <name>', back to draft. */
export async function duplicateCampaign(em: EntityManager, id: number): Promise<TCampaign> {
  const source = await em.findOne(Campaign, { id });
  if (!source) throw notFound('Campaign', id);
  const copy = em.create(Campaign, {
    name: `Copy of ${source.name}`.slice(0, 200),
    type: source.type,
    status: 'draft',
    targetAudience: source.targetAudience,
    goalMetric: source.goalMetric,
    goalValue: source.goalValue,
    description: source.description,
  });
  await em.flush();
  return toCampaignView(copy);
}

export async function deleteCampaign(em: EntityManager, id: number): Promise<void> {
  const deleted = await em.nativeDelete(Campaign, { id });
  if (deleted === 0) throw notFound('Campaign', id);
}

/** Campaigns per status, only the statuses that have any. */
export async function countCampaignsByStatus(
  em: EntityManager,
): Promise<Partial<Record<TCampaignStatus, number>>> {
  const rows = await em
    .createQueryBuilder(Campaign)
    .select(['status', raw('count(*) as count')])
    .groupBy('status')
    .execute<{ status: TCampaignStatus; count: string }[]>();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
}
