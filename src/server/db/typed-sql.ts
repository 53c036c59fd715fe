// Typed SQL for what the unit of work does not say (upserts, set-based inserts and deletes,
// aggregates): MikroORM's Kysely integration, bound to the caller's transaction when there is
// one. Its tables and columns are typed from the entities the caller names, so a query can only
// touch those tables, and renaming or removing a column fails the type check.
import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import type { ColumnType, RawBuilder } from 'kysely';

/**
 * The ORM's pool reads timestamps as text (its type parsers leave them unparsed), while the
 * entities say Date. So a Date column of the typed DB is selected as a string and written as a
 * Date or a string: a caller parses what it reads, and the compiler shows where.
 */
type Selected<T> = T extends Date ? string : T;
type Written<T> = T extends Date ? Date | string : T;
type TextTimestamp<C> = C extends {
  readonly __select__: infer S;
  readonly __insert__: infer I;
  readonly __update__: infer U;
}
  ? ColumnType<Selected<S>, Written<I>, Written<U>>
  : Extract<C, Date> extends never
    ? C
    : ColumnType<Selected<C>, Written<C>, Written<C>>;

/** The entities' tables as the driver reads them (see TextTimestamp). */
export type TypedDB<Entities extends { name: string }> = {
  [Table in keyof InferKyselyDB<Entities>]: {
    [Column in keyof InferKyselyDB<Entities>[Table]]: TextTimestamp<
      InferKyselyDB<Entities>[Table][Column]
    >;
  };
};

/** A Kysely instance over `tables` (entities), in `em`'s transaction if it has one. */
export function typedSql<const Tables extends readonly { name: string }[]>(
  em: EntityManager,
  _tables: Tables,
) {
  return em.getKysely<TypedDB<Tables[number]>>();
}

/**
 * Runs a statement written with Kysely's `sql` tag, for what the builder cannot say (a union of
 * ordered, limited branches; a correlated series): its values are bound where they appear, and
 * it runs in `em`'s transaction if it has one.
 */
export async function runSql<Row>(em: EntityManager, statement: RawBuilder<Row>): Promise<Row[]> {
  return (await statement.execute(em.getKysely())).rows;
}
