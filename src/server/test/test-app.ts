import type { AddressInfo } from 'node:net';
import { createTRPCClient, httpLink } from '@trpc/client';
import superjson from 'superjson';
import { createApp, type AppOptions } from '../app';
import { listen, type HttpTimeouts } from '../http/listen';
import { SessionManager, type Actor } from '../auth/session';
import { createLogger } from '../logger';
import { createCallerFactory } from '../trpc/trpc';
import { appRouter, type AppRouter } from '../trpc/app-router';
import type { AppDeps, Context } from '../trpc/context';
import { createUser } from '../users/users.service';
import { createTestDatabase, type TestDatabase } from './test-db';

export const TEST_PASSWORD = 'correct-horse-42';

/** A cookie jar shared by one signed-in (or anonymous) client's REST and tRPC calls. */
export class Client {
  private cookies = new Map<string, string>();
  readonly trpc;
  constructor(readonly baseUrl: string) {
    // The typed tRPC client over HTTP, as the back office uses it.
    this.trpc = createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url: `${baseUrl}/trpc`,
          transformer: superjson,
          fetch: (url, init) => this.fetch(String(url), init as RequestInit),
        }),
      ],
    });
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** fetch against the app that keeps cookies like a browser (minus the browser). */
  fetch = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader);
    const res = await fetch(path.startsWith('http') ? path : this.baseUrl + path, {
      ...init,
      headers,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  };

  /** JSON REST call; returns status and parsed body. */
  rest = async <T = unknown>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> => {
    const res = await this.fetch(`/api${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  };

  copyCookiesFrom(other: Client): void {
    this.cookies = new Map(other.cookies);
  }
}

export interface TestApp {
  db: TestDatabase;
  url: string;
  deps: AppDeps;
  anonymous: () => Client;
  /** Creates a user with the given role and returns a client signed in as them. */
  signedIn: (role?: 'admin' | 'user', username?: string) => Promise<Client & { userId: number }>;
  /** A createCaller for the given actor (null: anonymous), with a real request context. */
  caller: (actor: Actor | null) => ReturnType<typeof appRouter.createCaller>;
  close: () => Promise<void>;
}

let userCounter = 0;

export interface TestAppOptions {
  app?: AppOptions;
  timeouts?: HttpTimeouts;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const log = createLogger('silent');
  const sessions = new SessionManager({
    secret: 'x'.repeat(32) + 'test-secret',
    idleMinutes: 60,
    absoluteHours: 24,
    secureCookie: false,
  });
  const deps: AppDeps = { orm: db.orm, sessions, log };
  const app = createApp(deps, options.app);
  const server = await listen(app, 0, '127.0.0.1', options.timeouts);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const createCaller = createCallerFactory(appRouter);

  return {
    db,
    url,
    deps,
    anonymous: () => new Client(url),
    signedIn: async (role = 'admin', username) => {
      const name = username ?? `${role}${++userCounter}`;
      const user = await createUser(db.em(), {
        username: name,
        email: `${name}@example.com`,
        password: TEST_PASSWORD,
        role,
        firstName: null,
        lastName: null,
      });
      const client = new Client(url);
      const res = await client.rest('POST', '/auth/login', {
        username: name,
        password: TEST_PASSWORD,
      });
      if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
      return Object.assign(client, { userId: user.id });
    },
    caller: (actor) => {
      const ctx = {
        em: db.em(),
        deps,
        ip: '127.0.0.1',
        req: { get: () => undefined, headers: {} },
        res: {},
        actor: async () => actor,
      } as unknown as Context;
      return createCaller(ctx);
    },
    close: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      await db.drop();
    },
  };
}

/** An actor record for createCaller tests. */
export function actorFor(userId: number, role = 'admin'): Actor {
  return {
    userId,
    username: `user${userId}`,
    role,
    firstName: null,
    lastName: null,
    sessionId: 'caller-session',
  };
}
