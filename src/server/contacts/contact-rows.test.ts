// The list readers run on the caller's EntityManager: inside a transaction they see its own
// uncommitted writes (a pooled connection would not).
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-db';
import { contactBatchRows, contactPageRows, contactsWithIds } from './contact-rows.sql';
import { Contact } from './contact.entity';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** Runs `read` in a transaction that has inserted a contact, then rolls it back. */
async function readInsideTransaction<T>(read: (em: EntityManager, id: number) => Promise<T>) {
  const em = db.em();
  await em.begin();
  try {
    const id = Number(await em.insert(Contact, { name: 'Ada', email: 'ada@example.com' }));
    return { id, rows: await read(em, id) };
  } finally {
    await em.rollback();
  }
}

describe('contact rows in a transaction', () => {
  it('a page sees the transaction’s own insert', async () => {
    const { id, rows } = await readInsideTransaction((em) =>
      contactPageRows(em, sql`true`, undefined, 10),
    );
    expect(rows.map((r) => r.id)).toEqual([id]);
  });

  it('a planned-once page, a batch and the rows by id see it too', async () => {
    const planned = await readInsideTransaction((em) =>
      contactPageRows(em, sql`true`, undefined, 10, true),
    );
    expect(planned.rows.map((r) => r.id)).toEqual([planned.id]);
    const batch = await readInsideTransaction((em) => contactBatchRows(em, null, 10));
    expect(batch.rows.map((r) => r.id)).toEqual([batch.id]);
    const byId = await readInsideTransaction((em, id) => contactsWithIds(em, [id]));
    expect(byId.rows.map((r) => r.name)).toEqual(['Ada']);
  });

  it('nothing is left once it rolls back', async () => {
    expect(await contactBatchRows(db.em(), null, 10)).toEqual([]);
  });
});
