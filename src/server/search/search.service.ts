// One search box over the back office: each feature answers for its own records, side by side.
import type { EntityManager } from '@mikro-orm/postgresql';
import { SEARCH_LIMITS, type TSearchResults } from '../../shared/search.schema';
import { searchCampaignsBrief } from '../campaigns/campaigns.service';
import { searchContactsBrief } from '../contacts/contacts.service';
import { searchInquiriesBrief } from '../service-inquiries/service-inquiries.service';
import { searchUsersBrief } from '../users/users.service';

/** At most five hits of each kind for `term` (already trimmed, 2-100 characters). */
export async function searchEverything(em: EntityManager, term: string): Promise<TSearchResults> {
  const n = SEARCH_LIMITS.perKind;
  const [contacts, users, campaigns, inquiries] = await Promise.all([
    searchContactsBrief(em.fork(), term, n),
    searchUsersBrief(em.fork(), term, n),
    searchCampaignsBrief(em.fork(), term, n),
    searchInquiriesBrief(em.fork(), term, n),
  ]);
  return { contacts, users, campaigns, inquiries };
}
