// Usernames are one account regardless of case: `Admin` next to `admin` is a 409 on both
// transports, sign-in ignores case, and the migration that adds the rule refuses to run over
// existing case variants, saying what to do (attack finding 2).
import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { Migration20261122150000 } from '../db/migrations/Migration20261122150000';
import { TEST_PASSWORD } from '../test-app';
import { useSignedIn, useTestApp } from '../test/use-test-app';

const t = useTestApp();
const admin = useSignedIn(t, 'admin', 'boss');

const user = (username: string, email: string) => ({
  username,
  email,
  password: 'hopper-1906',
  firstName: null,
  lastName: null,
});

describe('usernames ignore case', () => {
  it('refuses a case variant of a taken username with 409 naming the field (REST and tRPC)', async () => {
    expect((await admin.rest('POST', '/users', user('Grace', 'g1@example.com'))).status).toBe(200);
    const rest = await admin.rest<{ message: string }>(
      'POST',
      '/users',
      user('GRACE', 'g2@example.com'),
    );
    expect(rest.status).toBe(409);
    expect(rest.body.message).toBe("Username 'GRACE' is already taken");
    const viaTrpc = await admin.trpc.admin.users.create
      .mutate(user('grace', 'g3@example.com'))
      .catch((e: unknown) => e);
    expect(viaTrpc).toBeInstanceOf(TRPCClientError);
    expect(viaTrpc).toMatchObject({ data: { httpStatus: 409 } });
    // Renaming someone else into a case variant is refused too; changing one's own case is fine.
    const other = await admin.rest<{ id: number }>(
      'POST',
      '/users',
      user('ada', 'ada@example.com'),
    );
    const rename = await admin.rest('PATCH', `/users/${other.body.id}`, {
      username: 'Grace',
      email: 'ada@example.com',
    });
    expect(rename.status).toBe(409);
    const recase = await admin.rest<{ username: string }>('PATCH', `/users/${other.body.id}`, {
      username: 'Ada',
      email: 'ada@example.com',
    });
    expect(recase.status).toBe(200);
    expect(recase.body.username).toBe('Ada');
  });

  it('signs in whatever case the name is typed in', async () => {
    for (const name of ['BOSS', 'Boss', 'boss']) {
      const res = await t.anonymous().rest<{ user: { username: string } }>('POST', '/auth/login', {
        username: name,
        password: TEST_PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.body.user.username).toBe('boss');
    }
  });

  it('holds in the database too: a direct insert of a case variant is refused', async () => {
    await expect(
      t.db
        .em()
        .execute(
          "insert into users (username, email, password) values ('BOSS', 'other@example.com', 'x')",
        ),
    ).rejects.toThrow(/users_username_lower_unique/);
  });
});

describe('the migration', () => {
  it('refuses to run over existing case variants, changes nothing, and says what to do', async () => {
    const em = t.db.em();
    await em.execute('drop index users_username_lower_unique');
    await em.execute(
      "insert into users (username, email, password) values ('Boss', 'b2@example.com', 'x'), ('BOSS', 'b3@example.com', 'x')",
    );
    const migration = new Migration20261122150000(em.getDriver(), t.db.orm.config);
    const failure = await migration.up().catch((e: unknown) => e as Error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain(
      'Usernames are now unique regardless of case, but these accounts differ only in case:',
    );
    expect((failure as Error).message).toMatch(
      /"boss" \(id \d+\), "Boss" \(id \d+\), "BOSS" \(id \d+\)/,
    );
    expect((failure as Error).message).toMatch(
      /update users set username = 'Boss-2' where id = \d+;/,
    );
    expect(migration.getQueries()).toEqual([]);
    const users = await em.execute<{ username: string }[]>(
      'select username from users order by id',
    );
    expect(users.map((u) => u.username)).toEqual(['boss', 'Boss', 'BOSS']);
    // Once renamed, it adds the index.
    await em.execute("update users set username = username || '-' || id where username <> 'boss'");
    await migration.up();
    expect(migration.getQueries().map((q) => String(q))).toEqual([
      'create unique index "users_username_lower_unique" on "users" (lower("username"));',
    ]);
  });
});
