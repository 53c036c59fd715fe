import type { Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../../mikro-orm.config';
import { createApp } from './app';
import { useTestApp } from './test/use-test-app';

const t = useTestApp();

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

async function listen(
  app: ReturnType<typeof createApp>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = await new Promise<Server>((done) => {
    const s = app.listen(0, '127.0.0.1', () => done(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

describe('GET /api/health', () => {
  it('answers 200 when the database answers, never cached', async () => {
    const res = await t.anonymous().fetch('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database is unreachable', async () => {
    const orm = await MikroORM.init(
      ormOptions(`postgres://postgres@127.0.0.1:${await closedPort()}/nowhere`),
    );
    const server = await listen(createApp({ ...t.deps, orm }));
    try {
      const res = await fetch(`${server.url}/api/health`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'unavailable',
        message: 'The database is not answering',
      });
      // Procedures say "retry later" too, instead of a 500.
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'someone', password: 'secret' }),
      });
      expect(login.status).toBe(503);
      expect(await login.json()).toMatchObject({
        message: 'The database is unavailable, please retry shortly',
      });
    } finally {
      await server.close();
      await orm.close(true);
    }
  });
});

describe('HTTP edges', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    for (const path of ['/api/nope', '/api/contacts/1/nope']) {
      const res = await t.anonymous().fetch(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(await res.json(), path).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await t.anonymous().fetch('/trpc/no.such.procedure')).status).toBe(404);
  });

  it('answers a malformed JSON body with 400, not 500, on /api and /trpc', async () => {
    for (const path of ['/api/auth/login', '/trpc/auth.login']) {
      const res = await t.anonymous().fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"username": ',
      });
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toMatchObject({ message: 'Request body is not valid JSON' });
    }
  });

  it('answers a body over the limit with 413', async () => {
    const body = JSON.stringify({ csvData: 'x'.repeat(6 * 1024 * 1024) });
    const res = await t.anonymous().fetch('/api/contacts/import/csv', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ message: 'Request body too large' });
  });

  it('never sends X-Powered-By', async () => {
    for (const path of ['/api/health', '/api/nope', '/api/openapi.json', '/trpc/auth.me']) {
      expect((await t.anonymous().fetch(path)).headers.get('x-powered-by'), path).toBeNull();
    }
  });
});
