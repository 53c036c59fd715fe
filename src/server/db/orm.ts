import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../../../mikro-orm.config';

export type Orm = MikroORM;

/** Connects and brings the schema up to date with the committed migrations. */
export async function initOrm(clientUrl: string): Promise<Orm> {
  const orm = await MikroORM.init(ormOptions(clientUrl));
  await orm.migrator.up();
  return orm;
}
