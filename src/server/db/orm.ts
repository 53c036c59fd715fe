import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../../../mikro-orm.config';
import { migrationsCurrent } from './health.sql';
import type { Orm } from './orm-type';

/** Connects and brings the schema up to date with the committed migrations. */
export async function initOrm(clientUrl: string): Promise<Orm> {
  const orm = await MikroORM.init(ormOptions(clientUrl));
  // The usual start finds nothing to run; the migrator is loaded only when something is pending.
  if (!(await migrationsCurrent(orm))) await orm.migrator.up();
  return orm;
}
