/** The app in this process on a random port, signed in as a bench user (for benches that seed first). */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MikroORM } from '@mikro-orm/postgresql';
import { buildApp } from '../src/server/build-app';
import { createLogger } from '../src/server/logger';

export interface InProcessApp {
  base: string;
  /** The session cookie of `username`. */
  cookie: string;
  close: () => void;
}

export async function startSignedInApp(
  orm: MikroORM,
  username: string,
  password: string,
): Promise<InProcessApp> {
  // No SMTP or job queue: lead emails are only recorded.
  const { app } = buildApp({ orm, log: createLogger('warn') });
  const server = await new Promise<Server>((done) => {
    const s = app.listen(0, '127.0.0.1', () => done(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  return { base, cookie, close: () => server.close() };
}
