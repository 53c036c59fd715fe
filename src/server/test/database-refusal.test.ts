// Attack findings, round 4, item 7: with PostgreSQL refusing new connections (a database closed
// to connections, too many clients), public endpoints answered 500 instead of 503, and the
// anonymous readiness answer quoted the database's own error, with the database's name.
import { afterEach, describe, expect, it } from 'vitest';
import { pgAdminUrl, queryRows } from './pg-admin';
import { useInstance, useTestApp } from './use-test-app';

const t = useTestApp();
// Its own pool: the connections it opens after the database closes are refused.
const instance = useInstance(t, { ownOrm: true });

async function refuseConnections(refuse: boolean) {
  await queryRows(pgAdminUrl(), `alter database ${t.db.name} allow_connections ${!refuse}`);
  if (refuse)
    await queryRows(
      pgAdminUrl(),
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
      [t.db.name],
    );
}
afterEach(() => refuseConnections(false));

describe('the database refusing connections', () => {
  it('public endpoints answer 503 with a generic reason, never 500 or the database error', async () => {
    await refuseConnections(true);
    const answers = await Promise.all(
      [
        ['GET', '/api/contacts/form-token'],
        ['POST', '/api/contacts'],
        ['GET', '/api/booking/slots?token=abc'],
        ['GET', '/api/bookings/manage/' + 'f'.repeat(64)],
        ['POST', '/api/auth/login'],
        ['GET', '/api/health'],
        ['GET', '/api/health/ready'],
      ].map(async ([method, path]) => {
        const res = await fetch(`${instance.url}${path}`, {
          method,
          headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0' },
          body:
            method === 'POST'
              ? JSON.stringify({
                  name: 'A',
                  email: 'a@b.example',
                  message: 'Hi',
                  username: 'a',
                  password: 'b',
                })
              : undefined,
        });
        return { path, status: res.status, body: await res.text() };
      }),
    );
    for (const answer of answers) {
      expect({ path: answer.path, status: answer.status }).toEqual({
        path: answer.path,
        status: 503,
      });
      expect(answer.body).not.toContain(t.db.name);
      expect(answer.body).not.toMatch(/accepting connections|ECONNREFUSED|postgres/i);
    }
    const ready = JSON.parse(answers.find((a) => a.path === '/api/health/ready')!.body) as {
      checks: { database: string };
    };
    expect(ready.checks.database).toBe('unavailable');
  });
});
