import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-db';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('database schema', () => {
  it('matches the entities once every migration has run (nothing left for migration:create)', async () => {
    const pending = await db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(pending.trim()).toBe('');
  });

  it.each([
    [
      'contacts',
      'status',
      `insert into contacts (name, email, status) values ('A', 'a@x.io', 'lost')`,
    ],
    [
      'users',
      'role',
      `insert into users (username, password, email, role) values ('a', 'h', 'a@x.io', 'owner')`,
    ],
    ['campaigns', 'type', `insert into campaigns (name, type) values ('C', 'fax')`],
    [
      'campaigns',
      'status',
      `insert into campaigns (name, type, status) values ('C', 'email', 'live')`,
    ],
  ])('refuses a %s.%s outside the shared enum', async (table, column, sql) => {
    await expect(db.em().getConnection().execute(sql)).rejects.toThrow(
      `violates check constraint "${table}_${column}_check"`,
    );
  });
});
