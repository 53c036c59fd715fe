import type { EntityManager } from '@mikro-orm/postgresql';
import type { TSearchHit } from '../../shared/search.schema';
import { likePattern } from '../db/sql-condition';
import { raw, UniqueConstraintViolationException } from '@mikro-orm/core';
import type {
  TCampaign,
  TCampaignCreate,
  TCampaignFunnel,
  TCampaignResults,
  TCampaignStatus,
  TCampaignUpdate,
} from '../../shared/campaigns.schema';
import { AppError, notFound } from '../errors';
import { campaignResults } from '../contacts/contact-stats.service';
import { campaignFunnels } from '../web-analytics/web-analytics.service';
import { Campaign, type ICampaign } from './campaign.entity';
import { patchRow } from '../db/partial-update';

/** What a campaign's code has brought: its leads and conversions, and its funnel from visits. */
interface CampaignOutcomes {
  results: Map<string, TCampaignResults>;
  funnels: Map<string, TCampaignFunnel>;
}

const NO_FUNNEL: TCampaignFunnel = { visitors: 0, leads: 0, bookedCalls: 0, customers: 0 };

async function outcomesOf(em: EntityManager, codes: string[]): Promise<CampaignOutcomes> {
  const [results, funnels] = await Promise.all([
    campaignResults(em, codes),
    campaignFunnels(em, codes),
  ]);
  return { results, funnels };
}

export function toCampaignView(c: ICampaign, outcomes?: CampaignOutcomes): TCampaign {
  const code = c.utmCampaign ?? null;
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
    utmCampaign: code,
    results: code === null ? null : (outcomes?.results.get(code) ?? { leads: 0, conversions: 0 }),
    funnel: code === null ? null : (outcomes?.funnels.get(code.toLowerCase()) ?? NO_FUNNEL),
  };
}

/** The view with the campaign's results (leads carrying its code), asked of the contacts. */
async function withResults(em: EntityManager, c: ICampaign): Promise<TCampaign> {
  const codes = c.utmCampaign ? [c.utmCampaign] : [];
  return toCampaignView(c, await outcomesOf(em, codes));
}

/** Saves, answering a code another campaign already has with a 409 that names the field. */
async function flushCampaign(em: EntityManager): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException)
      throw new AppError('CONFLICT', 'Another campaign already uses this UTM code', 'utmCampaign');
    throw error;
  }
}

export async function listCampaigns(em: EntityManager): Promise<TCampaign[]> {
  const rows = await em.find(Campaign, {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
  const codes = rows.flatMap((c) => (c.utmCampaign ? [c.utmCampaign] : []));
  const outcomes = await outcomesOf(em, codes);
  return rows.map((c) => toCampaignView(c, outcomes));
}

export async function createCampaign(
  em: EntityManager,
  input: TCampaignCreate,
): Promise<TCampaign> {
  const campaign = em.create(Campaign, { ...input });
  await flushCampaign(em);
  return withResults(em, campaign);
}

export async function updateCampaign(
  em: EntityManager,
  input: TCampaignUpdate,
): Promise<TCampaign> {
  const campaign = await patchRow(em, Campaign, 'Campaign', input);
  await flushCampaign(em);
  return withResults(em, campaign);
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

export const countCampaigns = (em: EntityManager) => em.count(Campaign);

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

/** Up to `limit` campaigns whose name or UTM campaign contains `term`, as hits. */
export async function searchCampaignsBrief(
  em: EntityManager,
  term: string,
  limit: number,
): Promise<TSearchHit[]> {
  const like = { $ilike: likePattern(term) };
  const campaigns = await em.find(
    Campaign,
    { $or: [{ name: like }, { utmCampaign: like }] },
    { orderBy: { createdAt: 'desc' }, limit },
  );
  return campaigns.map((c) => ({ id: c.id, title: c.name, subtitle: `${c.type} · ${c.status}` }));
}
