import type { EntityManager } from '@mikro-orm/postgresql';
import type { Options } from '@mikro-orm/core';

/** Housekeeping a feature needs now and then (pruning, folding counters); returns rows touched. */
export interface MaintenanceTask {
  name: string;
  run: (em: EntityManager, now: Date) => Promise<number>;
}

/**
 * What a feature folder contributes to the app beyond its router: the tables it owns (its
 * entities: only this feature writes them), its maintenance and its demo content. Listed once
 * in features.ts; db/ and the server start-up take these lists and know no feature by name.
 */
export interface Feature {
  name: string;
  entities: NonNullable<Options['entities']>[number][];
  maintenance?: MaintenanceTask[];
  /** Adds this feature's rows to a fresh demo install (runs in features.ts order, one transaction). */
  seedDemo?: (em: EntityManager) => Promise<void>;
}
