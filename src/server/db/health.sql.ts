import { readdirSync } from 'node:fs';
import type { MikroORM as Orm } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { runSql } from './typed-sql';

/** Throws unless the database answers a trivial query (the liveness check of /api/health). */
export async function pingDatabase(orm: Orm): Promise<void> {
  await orm.em.getConnection().execute('select 1');
}

/**
 * Whether every migration in the migrations folder has run: the readiness "migrations" check, and
 * what lets a start skip the migrator. A folder listing and one query, where the migrator would
 * load every migration file (about 30 ms of each start).
 */
export async function migrationsCurrent(orm: Orm): Promise<boolean> {
  const { path, tableName } = orm.config.get('migrations');
  const migrations = readdirSync(path!)
    .filter((file) => /\.(js|ts)$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => file.slice(0, -3));
  const [table] = await runSql(
    orm.em,
    sql<{ found: boolean }>`select to_regclass(${tableName}) is not null as found`,
  );
  if (!table?.found) return migrations.length === 0;
  const executed = await runSql(
    orm.em,
    sql<{ name: string }>`select name from ${sql.table(tableName!)}`,
  );
  const done = new Set(executed.map((row) => row.name));
  return migrations.every((name) => done.has(name));
}
