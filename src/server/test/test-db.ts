import { randomBytes } from 'node:crypto';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { ormOptions } from '../../../mikro-orm.config';
import { createDatabase, dropDatabase } from './pg-admin';
import { templateDb } from './template-db';

export interface TestDatabase {
  name: string;
  url: string;
  orm: MikroORM;
  em: () => EntityManager;
  /** Empties every table (between tests). */
  reset: () => Promise<void>;
  drop: () => Promise<void>;
}

/**
 * A private database for one test file, cloned from the migrated template; its ORM knows the
 * given entities (the product's when absent).
 */
export async function createTestDatabase(
  entities?: NonNullable<Parameters<typeof ormOptions>[1]>['entities'],
): Promise<TestDatabase> {
  const name = `convoza_t_${randomBytes(5).toString('hex')}`;
  const url = await createDatabase(name, { template: templateDb() });
  const orm = await MikroORM.init(ormOptions(url, { entities }));
  return {
    name,
    url,
    orm,
    em: () => orm.em.fork() as EntityManager,
    reset: async () => {
      const conn = orm.em.getConnection();
      const tables = await conn.execute<{ name: string }[]>(
        "select quote_ident(tablename) as name from pg_tables where schemaname = 'public' and tablename <> 'mikro_orm_migrations'",
      );
      await conn.execute(
        `truncate table ${tables.map((t) => t.name).join(', ')} restart identity cascade`,
      );
    },
    drop: async () => {
      await orm.close(true);
      await dropDatabase(name);
    },
  };
}
