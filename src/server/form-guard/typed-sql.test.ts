// typedSql (db/typed-sql.ts) types a query's tables and columns from the entities it names: a
// column the entity does not have, or a table the call did not name, fails the type check.
import { MikroORM } from '@mikro-orm/postgresql';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ormOptions } from '../../../mikro-orm.config';
import { typedSql } from '../db/typed-sql';
import { createTestDatabase } from '../test/test-db';
import { UsedFormToken } from './used-form-token.entity';

describe('typedSql', () => {
  it('compiles a query over the named entities, and refuses unknown columns and tables', async () => {
    // Never connects: the queries are only compiled.
    const orm = new MikroORM(ormOptions('postgres://nobody@127.0.0.1:1/none'));
    const db = typedSql(orm.em.fork(), [UsedFormToken]);
    const query = db
      .selectFrom('security_used_form_tokens')
      .select('nonce')
      .where('expires_at', '<', new Date(0).toISOString());
    expect(query.compile().sql).toBe(
      'select "nonce" from "security_used_form_tokens" where "expires_at" < $1',
    );
    // @ts-expect-error a column the entity does not have
    db.selectFrom('security_used_form_tokens').select('expires');
    // @ts-expect-error a table the call did not name
    db.selectFrom('contacts');
    await orm.close();
  });

  it('reads a timestamp as the text the driver answers, and writes a Date or text', async () => {
    const db = await createTestDatabase();
    try {
      const sql = typedSql(db.em(), [UsedFormToken]);
      const expires = new Date('2030-01-02T03:04:05.678Z');
      await sql
        .insertInto('security_used_form_tokens')
        .values([
          { nonce: 'as-date', expires_at: expires },
          { nonce: 'as-text', expires_at: expires.toISOString() },
        ])
        .execute();
      const rows = await sql
        .selectFrom('security_used_form_tokens')
        .select(['nonce', 'expires_at'])
        .orderBy('nonce')
        .execute();
      expectTypeOf(rows[0]!.expires_at).toEqualTypeOf<string>();
      expect(rows.map((r) => typeof r.expires_at)).toEqual(['string', 'string']);
      expect(rows.map((r) => new Date(r.expires_at).getTime())).toEqual([
        expires.getTime(),
        expires.getTime(),
      ]);
    } finally {
      await db.drop();
    }
  });
});
