import type { MikroORM as Orm } from '@mikro-orm/postgresql';

/** Throws unless the database answers a trivial query (the liveness check of /api/health). */
export async function pingDatabase(orm: Orm): Promise<void> {
  await orm.em.getConnection().execute('select 1');
}
