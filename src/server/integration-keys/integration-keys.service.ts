import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  INTEGRATION_KEY_PREFIX,
  type TIntegrationKey,
  type TIntegrationKeyCreated,
} from '../../shared/integration-keys.schema';
import { notFound } from '../errors';
import { IntegrationKey, type IIntegrationKey } from './integration-key.entity';

const PREFIX_LENGTH = INTEGRATION_KEY_PREFIX.length + 4;

/** How stale a key's last-used time may be. */
const LAST_USED_RESOLUTION_MS = 60_000;

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

const view = (row: IIntegrationKey): TIntegrationKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Newest first. */
export async function listIntegrationKeys(em: EntityManager): Promise<TIntegrationKey[]> {
  const rows = await em.find(IntegrationKey, {}, { orderBy: { id: 'desc' } });
  return rows.map(view);
}

/** A new key; the answer is the only place the key itself ever appears. */
export async function createIntegrationKey(
  em: EntityManager,
  name: string,
): Promise<TIntegrationKeyCreated> {
  const key = `${INTEGRATION_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = em.create(IntegrationKey, {
    name,
    prefix: key.slice(0, PREFIX_LENGTH),
    keyHash: hashKey(key),
  });
  await em.flush();
  return { id: row.id, name: row.name, key };
}

/** Revokes the key at once: the next request that sends it gets a 401. */
export async function deleteIntegrationKey(em: EntityManager, id: number): Promise<void> {
  const deleted = await em.nativeDelete(IntegrationKey, { id });
  if (!deleted) throw notFound('Integration key', id);
}

export const INVALID_KEY_MESSAGE =
  'Invalid or revoked integration key. Send Authorization: Bearer <key> with a key from Admin > API Keys.';

/** The key an `Authorization` header holds, if it looks like one of ours (else null). */
function keyOf(authorization: string): string | null {
  const key = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
  return key?.startsWith(INTEGRATION_KEY_PREFIX) && key.length <= 200 ? key : null;
}

/**
 * The key each `Authorization` header names, with its last use recorded, or null for anything
 * else (another scheme, a wrong or revoked key): one look-up for them all, by hash (the unique
 * index finds it, and comparing hashes leaks nothing about the key through timing).
 */
export async function authenticateIntegrationKeys(
  em: EntityManager,
  authorizations: readonly string[],
): Promise<({ id: number; name: string } | null)[]> {
  const hashes = authorizations.map((authorization) => {
    const key = keyOf(authorization);
    return key && hashKey(key);
  });
  const wanted = [...new Set(hashes.filter((h): h is string => h !== null))];
  const rows = wanted.length ? await em.find(IntegrationKey, { keyHash: { $in: wanted } }) : [];
  const byHash = new Map(rows.map((row) => [row.keyHash, row]));
  // "Last used" to the minute: a busy key would otherwise rewrite its row on every lead, and
  // every request with that key, on every instance, would queue for that row's lock.
  const now = new Date();
  for (const row of rows)
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS)
      await em.nativeUpdate(
        IntegrationKey,
        { id: row.id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: now } }] },
        { lastUsedAt: now },
      );
  return hashes.map((hash) => {
    const row = hash === null ? undefined : byHash.get(hash);
    return row ? { id: row.id, name: row.name } : null;
  });
}
