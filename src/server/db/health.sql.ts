import type { MikroORM as Orm } from '@mikro-orm/postgresql';

/** Throws unless the database answers a trivial query (the liveness check of /api/health). */
export async function pingDatabase(orm: Orm): Promise<void> {
  await orm.em.getConnection().execute('select 1');
}

/** Whether this instance's migrations have all run (none pending): the readiness "migrations" check. */
export async function migrationsCurrent(orm: Orm): Promise<boolean> {
  return (await orm.migrator.getPending()).length === 0;
}
