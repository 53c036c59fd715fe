import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../../../mikro-orm.config';
import { TEMPLATE_DB, adminQuery, databaseUrl } from './pg-admin';

/** Builds a migrated template database once; each test file clones it (fast, isolated). */
export default async function setup() {
  await adminQuery(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await adminQuery(`create database ${TEMPLATE_DB}`);
  const orm = await MikroORM.init({ ...ormOptions(databaseUrl(TEMPLATE_DB)), debug: false });
  await orm.migrator.up();
  await orm.close(true);
}
