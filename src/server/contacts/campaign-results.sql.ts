import type { EntityManager } from '@mikro-orm/postgresql';
import type { TCampaignResults } from '../../shared/campaigns.schema';

/**
 * Leads per utm_campaign code (compared case-insensitively) and how many of them converted, for
 * the campaigns screen. Codes without leads are left out.
 */
export async function campaignResults(
  em: EntityManager,
  codes: string[],
): Promise<Map<string, TCampaignResults>> {
  if (codes.length === 0) return new Map();
  const rows = await em.execute<{ code: string; leads: string; conversions: string }[]>(
    `select lower(utm_campaign) as code, count(*) as leads,
            count(*) filter (where status = 'converted') as conversions
       from contacts where lower(utm_campaign) in (?) group by 1`,
    [codes],
  );
  return new Map(
    rows.map((r) => [r.code, { leads: Number(r.leads), conversions: Number(r.conversions) }]),
  );
}
