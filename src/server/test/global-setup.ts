import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import type { TestProject } from 'vitest/node';
import { ormOptions } from '../../../mikro-orm.config';
import { createDatabase, dropDatabase } from './pg-admin';
import type {} from './template-db'; // declares what this setup provides (ProvidedContext)

/**
 * Builds a migrated template database once per run (a unique name, so parallel runs never
 * collide); each test file clones it (fast, isolated). Dropped when the run ends.
 */
export default async function setup(project: TestProject) {
  const name = `convoza_tpl_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(name);
  const orm = await MikroORM.init({ ...ormOptions(url), debug: false });
  await orm.migrator.up();
  await orm.close(true);
  project.provide('templateDb', name);
  return () => dropDatabase(name);
}
