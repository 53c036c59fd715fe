// Typed SQL for what the unit of work does not say (upserts, set-based inserts and deletes,
// aggregates): MikroORM's Kysely integration, bound to the caller's transaction when there is
// one. Its tables and columns are typed from the entities the caller names, so a query can only
// touch those tables, and renaming or removing a column fails the type check.
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';

/** A Kysely instance over `tables` (entities), in `em`'s transaction if it has one. */
export function typedSql<const Tables extends readonly { name: string }[]>(
  em: EntityManager,
  _tables: Tables,
) {
  return em.getKysely<InferKyselyDB<Tables[number]>>();
}
