// Who a page view is from, without storing who: a hash of the day's salt, the client's network
// and its browser. The same person is one visitor all day and a stranger the next.
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAttribution } from '../../shared/contacts.schema';
import { clientKey, wideNetworkKey } from '../http/client-ip';
import { daySalt, firstPageView } from './visitors.sql';

/** Salts already read, by day (at most two days matter: today and, near midnight, yesterday). */
const salts = new Map<string, Buffer>();

async function cachedSalt(em: EntityManager, day: string): Promise<Buffer> {
  let salt = salts.get(day);
  if (!salt) {
    salt = await daySalt(em, day);
    if (salts.size > 4) salts.clear();
    salts.set(day, salt);
  }
  return salt;
}

export interface Visitor {
  /** The UTC day the key belongs to. */
  day: string;
  key: string;
  /**
   * The network (the IPv4 address, or the IPv6 /48 a site usually holds) hashed with the same
   * salt: what limits one network's weight in the counts (page-view-intake.sql.ts).
   */
  network: string;
}

const keyed = (salt: Buffer, ...parts: string[]) => {
  const hash = createHash('sha256').update(salt);
  for (const part of parts) hash.update('\0').update(part);
  return hash.digest('base64url').slice(0, 22);
};

/** The visitor a request comes from on the UTC day of `at`. */
export async function visitorOf(
  em: EntityManager,
  client: { ip: string; userAgent: string },
  at: Date,
): Promise<Visitor> {
  const day = at.toISOString().slice(0, 10);
  const salt = await cachedSalt(em, day);
  const network = wideNetworkKey(client.ip) ?? clientKey(client.ip);
  return {
    day,
    key: keyed(salt, clientKey(client.ip), client.userAgent),
    // Marked apart from a visitor's parts, so a network's hash is never a visitor's.
    network: keyed(salt, 'network', network),
  };
}

/**
 * Where a lead's visit began: the first page its visitor viewed today (UTC), as attribution,
 * or nothing when the visit sent no page view (scripts off, a bot-like browser, another day).
 */
export async function firstTouchOf(
  em: EntityManager,
  client: { ip: string; userAgent: string },
  now = new Date(),
): Promise<Partial<TAttribution>> {
  const { day, key } = await visitorOf(em, client, now);
  const from = new Date(`${day}T00:00:00Z`);
  const first = await firstPageView(em, key, from, new Date(from.getTime() + 86_400_000));
  if (!first) return {};
  const utm = new URLSearchParams();
  const fields = {
    utm_source: first.utmSource,
    utm_medium: first.utmMedium,
    utm_campaign: first.utmCampaign,
    utm_term: first.utmTerm,
    utm_content: first.utmContent,
  };
  for (const [name, value] of Object.entries(fields)) if (value) utm.set(name, value);
  const query = utm.toString();
  return {
    landingPage: query ? `${first.path}?${query}` : first.path,
    referrer: first.referrerHost,
    utmSource: first.utmSource,
    utmMedium: first.utmMedium,
    utmCampaign: first.utmCampaign,
    utmTerm: first.utmTerm,
    utmContent: first.utmContent,
  };
}
