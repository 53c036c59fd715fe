// Reads that every lead makes (the protection settings, the notification settings, the enabled
// webhook endpoints) kept in memory and dropped on every instance the moment a change commits:
// a writer calls invalidateShared() inside its transaction, which sends a PostgreSQL NOTIFY that
// is delivered only if and when that transaction commits, and each instance LISTENs for it.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../logger';
import { listenForever } from './listener';
import { notifyInTransaction } from './notify.sql';
import type { MikroORM as Orm } from '@mikro-orm/postgresql';

const CHANNEL = 'convoza_shared_cache';
/** The notification that drops every key. */
const ALL_KEYS = '*';

class SharedCache {
  private readonly values = new Map<string, unknown>();
  /** Bumped by every invalidation: a read that began before one must not store what it read. */
  private readonly generations = new Map<string, number>();
  /** Only while LISTEN works is a cached value known to be current. */
  listening = false;

  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.listening) return load();
    if (this.values.has(key)) return this.values.get(key) as T;
    const generation = this.generations.get(key) ?? 0;
    const value = await load();
    if (this.listening && (this.generations.get(key) ?? 0) === generation)
      this.values.set(key, value);
    return value;
  }

  drop(key: string): void {
    this.values.delete(key);
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
  }

  dropAll(): void {
    for (const key of new Set([...this.values.keys(), ...this.generations.keys()])) this.drop(key);
  }
}

/** One cache per ORM (an app), so apps on different databases in one process never mix. */
const caches = new WeakMap<object, SharedCache>();
/** Transactions that changed a key: their own reads of it bypass the cache until they end. */
const changedIn = new WeakMap<object, Set<string>>();

/** `load()`, or its value cached on this instance since no change to `key` committed anywhere. */
export function cachedRead<T>(em: EntityManager, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(em.config);
  const trx = em.getTransactionContext<object>();
  if (!cache || (trx && changedIn.get(trx)?.has(key))) return load();
  return cache.read(key, load);
}

/**
 * Marks `key` changed by `em`'s transaction: every instance drops its copy when the transaction
 * commits (nothing happens if it rolls back), this one at once as well.
 */
export async function invalidateShared(em: EntityManager, key: string): Promise<void> {
  const trx = em.getTransactionContext<object>();
  if (trx) {
    const keys = changedIn.get(trx) ?? new Set<string>();
    keys.add(key);
    changedIn.set(trx, keys);
  }
  caches.get(em.config)?.drop(key);
  await notifyInTransaction(em, CHANNEL, key);
}

/** Every key changed at once (e.g. tables emptied): this instance now, the others on commit. */
export async function invalidateAllShared(em: EntityManager): Promise<void> {
  caches.get(em.config)?.dropAll();
  await notifyInTransaction(em, CHANNEL, ALL_KEYS);
}

/**
 * Starts this instance's listener: caching is on only while it is connected. A lost connection
 * empties the cache and reconnects (changes may have been missed meanwhile).
 */
export function attachSharedCache(orm: Orm, databaseUrl: string, log: Logger): () => Promise<void> {
  const cache = new SharedCache();
  caches.set(orm.em.config, cache);
  const listener = listenForever(
    databaseUrl,
    CHANNEL,
    {
      notified: (payload) => {
        if (payload === ALL_KEYS) cache.dropAll();
        else if (payload) cache.drop(payload);
      },
      up: () => {
        cache.dropAll();
        cache.listening = true;
      },
      down: () => {
        cache.listening = false;
        cache.dropAll();
      },
    },
    log,
  );
  return async () => {
    cache.listening = false;
    await listener.stop();
  };
}
