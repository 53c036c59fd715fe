import { fileURLToPath } from 'node:url';
import { defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { AuditSubscriber } from './src/server/audit/audit-subscriber';
import { entities } from './src/server/features';
import { COMPILED } from './src/server/runtime';

// From the sources, the migrations are the .ts files; the build emits them as .js into
// dist/server/migrations, beside the file this code is bundled into (scripts/build-server.ts).
const migrationsPath = fileURLToPath(
  new URL(COMPILED ? './migrations/' : './src/server/db/migrations/', import.meta.url),
);

/**
 * ORM options shared by the app, the tests and the migration CLI.
 * The connection URL is supplied by the caller (see src/server/db/orm.ts); a test may give the
 * entities of another set of features (src/server/feature-set.ts).
 */
export function ormOptions(
  clientUrl: string,
  {
    debug = false,
    entities: entityList = entities,
  }: { debug?: boolean; entities?: typeof entities } = {},
) {
  return defineConfig({
    clientUrl,
    entities: entityList,
    subscribers: [new AuditSubscriber()],
    extensions: [Migrator],
    debug,
    pool: { min: 0, max: 10 },
    migrations: {
      path: migrationsPath,
      glob: '!(*.d).{js,ts}',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    // The contact count triggers use transition tables, which the entity trigger definitions
    // cannot express: they live in a migration (Migration20261124200000), not in the entities.
    schemaGenerator: { ignoreTriggers: true },
  });
}

export default ormOptions(
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/convoza_dev',
);
