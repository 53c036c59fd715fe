// typedSql (db/typed-sql.ts) types a query's tables and columns from the entities it names: a
// column the entity does not have, or a table the call did not name, fails the type check.
import { MikroORM } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import { ormOptions } from '../../../mikro-orm.config';
import { typedSql } from '../db/typed-sql';
import { UsedFormToken } from './used-form-token.entity';

describe('typedSql', () => {
  it('compiles a query over the named entities, and refuses unknown columns and tables', async () => {
    // Never connects: the queries are only compiled.
    const orm = new MikroORM(ormOptions('postgres://nobody@127.0.0.1:1/none'));
    const db = typedSql(orm.em.fork(), [UsedFormToken]);
    const query = db
      .selectFrom('security_used_form_tokens')
      .select('nonce')
      .where('expires_at', '<', new Date(0));
    expect(query.compile().sql).toBe(
      'select "nonce" from "security_used_form_tokens" where "expires_at" < $1',
    );
    // @ts-expect-error a column the entity does not have
    db.selectFrom('security_used_form_tokens').select('expires');
    // @ts-expect-error a table the call did not name
    db.selectFrom('contacts');
    await orm.close();
  });
});
