import type { EntityData, EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { cachedRead, invalidateShared } from './shared-cache';

/** The id of the one row (the tables check `id = 1`). */
const SETTINGS_ID = 1;

/** A settings row: id 1, and when it last changed. */
interface SettingsRow {
  id: number;
  updatedAt: Date;
}

interface SingletonSettingsTable<Row extends SettingsRow, Settings> {
  entity: EntityName<Row>;
  /** The shared cache's key, emptied on every instance when a change commits. */
  cacheKey: string;
  /** The first row's columns: the defaults and a fresh secret. */
  firstRow: () => Omit<Row, 'id' | 'updatedAt'>;
  /** The settings of a row, frozen: the cached copy is shared by every request of this instance. */
  toSettings: (row: Row) => Settings;
}

/**
 * A table of one row of site-wide settings: `load` reads it through the shared cache and creates
 * it on first use, `save` changes it through the unit of work (so the audit log records each
 * changed field) and empties the cache.
 */
export function singletonSettings<Row extends SettingsRow, Settings>({
  entity,
  cacheKey,
  firstRow,
  toSettings,
}: SingletonSettingsTable<Row, Settings>) {
  // MikroORM's types cannot follow a generic entity into a query, hence the `as never`s; the
  // caller's entity and row type are checked against each other where it calls this.
  // Always from the database, never the identity map: another instance may have saved since.
  const readRow = (em: EntityManager) =>
    em.findOne(entity, { id: SETTINGS_ID } as never, { refresh: true });

  async function readOrCreate(em: EntityManager): Promise<Settings> {
    const row = await readRow(em);
    if (row) return toSettings(row);
    // Two instances may race to create it: the loser's insert does nothing and it reads the winner's.
    await em
      .createQueryBuilder(entity)
      .insert({ id: SETTINGS_ID, ...firstRow() } as unknown as Row)
      .onConflict('id' as never)
      .ignore()
      .execute();
    return toSettings((await readRow(em))!);
  }

  const load = (em: EntityManager): Promise<Settings> =>
    cachedRead(em, cacheKey, () => readOrCreate(em));

  return {
    load,
    async save(em: EntityManager, changes: EntityData<Row>): Promise<void> {
      await load(em); // creates the row on first use
      const row = (await readRow(em))!;
      em.assign(row, { ...changes, updatedAt: new Date() } as never);
      await em.flush();
      await invalidateShared(em, cacheKey);
    },
  };
}
