import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCampaignResults } from '../../shared/campaigns.schema';
import { typedSql } from '../db/typed-sql';
import { Contact } from './contact.entity';

/**
 * Leads per utm_campaign code (compared case-insensitively) and how many of them converted, for
 * the campaigns screen. Codes without leads are left out.
 */
export async function campaignResults(
  em: EntityManager,
  codes: string[],
): Promise<Map<string, TCampaignResults>> {
  if (codes.length === 0) return new Map();
  const rows = await typedSql(em, [Contact])
    .selectFrom('contacts')
    .select(({ fn }) => [
      fn<string>('lower', ['utm_campaign']).as('code'),
      fn.countAll().as('leads'),
      fn.countAll().filterWhere('status', '=', 'converted').as('conversions'),
    ])
    .where(({ eb, fn }) => eb(fn('lower', ['utm_campaign']), 'in', codes))
    .groupBy(({ fn }) => fn('lower', ['utm_campaign']))
    .execute();
  return new Map(
    rows.map((r) => [r.code, { leads: Number(r.leads), conversions: Number(r.conversions) }]),
  );
}
