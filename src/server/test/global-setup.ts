import { randomBytes } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import type { TestProject } from 'vitest/node';
import { ormOptions } from '../../../mikro-orm.config';
import { adminQuery, databaseUrl } from './pg-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
  }
}

/**
 * Builds a migrated template database once per run (a unique name, so parallel runs never
 * collide); each test file clones it (fast, isolated). Dropped when the run ends.
 */
export default async function setup(project: TestProject) {
  const name = `convoza_tpl_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const orm = await MikroORM.init({ ...ormOptions(databaseUrl(name)), debug: false });
  await orm.migrator.up();
  await orm.close(true);
  project.provide('templateDb', name);
  return async () => {
    await adminQuery(`drop database if exists ${name} with (force)`);
  };
}
