import type { EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound, type NotFoundSubject } from '../errors';

/**
 * The fields a partial update gives: one left out (undefined) keeps its stored value, so it is
 * dropped here rather than written over the row.
 */
export function definedChanges<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/**
 * A PATCH by id: the row with the given fields set (flushed by the caller), or a 404 that calls
 * it `what`.
 */
export async function patchRow<Row extends object>(
  em: EntityManager,
  entity: EntityName<Row>,
  what: NotFoundSubject,
  { id, ...changes }: { id: number },
): Promise<Row> {
  // MikroORM's types cannot follow a generic entity into a query.
  const row = await em.findOne(entity, { id } as never);
  if (!row) throw notFound(what, id);
  return Object.assign(row, definedChanges(changes));
}
