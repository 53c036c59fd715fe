// Generates a migration from the difference between the entities and a scratch database
// that has every committed migration applied. Usage: npm run migration:create [-- --initial]
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../mikro-orm.config';
import { tidyMigration } from './migration-tidy';

const base = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432';
const scratch = `convoza_migration_${process.pid}`;
execSync(`psql "${base}/postgres" -qc "create database ${scratch}"`);
try {
  const orm = await MikroORM.init(ormOptions(`${base}/${scratch}`));
  await orm.migrator.up();
  const result = await orm.migrator.create(undefined, false, process.argv.includes('--initial'));
  if (result.fileName)
    await tidyMigration(join(orm.config.get('migrations').path!, result.fileName));
  console.log(result.fileName ? `Created ${result.fileName}` : 'No changes');
  await orm.close();
} finally {
  execSync(`psql "${base}/postgres" -qc "drop database ${scratch}"`);
}
