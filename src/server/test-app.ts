import type { AddressInfo } from 'node:net';
import { createTRPCClient, httpLink } from '@trpc/client';
import { MikroORM } from '@mikro-orm/postgresql';
import superjson from 'superjson';
import { ormOptions } from '../../mikro-orm.config';
import type { AppOptions } from './app';
import { buildApp } from './build-app';
import type { AppDeps } from './app-deps';
import { attachSharedCache, invalidateAllShared } from './db/shared-cache';
import { listen, type HttpTimeouts } from './http/listen';
import { SessionManager, type Actor } from './auth/session';
import { JobQueue } from './jobs/job-queue';
import { appFeatures } from './features';
import type { FeatureSet } from './feature-set';
import type { WorkerOptions } from './feature';
import { createLogger, type Logger } from './logger';
import { DEFAULT_BOOKING_TOKEN_TTL_HOURS } from '../shared/booking.schema';
import { acceptDatabaseTimeZones } from './db/time-zones.sql';
import { smtpMailer } from './notifications/mailer';
import { createCallerFactory } from './trpc/trpc';
import { appRouter, type AppRouter } from './app-router';
import type { Context } from './trpc/context';
import { hashPassword } from './auth/password';
import { User } from './users/user.entity';
import { WEBHOOK_TIMEOUT_MS, type WebhookSettings } from './webhooks/webhook-settings';
import { createTestDatabase, type TestDatabase } from './test/test-db';
import { erasureLedger } from './privacy/erasure-ledger-file';
import type { PageViewCaps } from './web-analytics/page-view-intake.sql';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEST_PASSWORD = 'correct-horse-42';

/**
 * TEST_PASSWORD as the test users store it: hashed once per test process at a far lower scrypt
 * cost than the product's (the hash names its parameters, so sign-in verifies it like any other).
 * Nearly every test signs a user in, and at the product's cost (~250 ms a hash, two per user)
 * hashing was most of the server suite's time. Users created through the API keep the real cost.
 */
let testPasswordHash: Promise<string> | undefined;
const cheapTestPasswordHash = () =>
  (testPasswordHash ??= hashPassword(TEST_PASSWORD, { N: 2 ** 10, r: 8, p: 1 }));
/** The erasure ledger's key in tests (a restored database is checked with the same). */
export const TEST_LEDGER_KEY = 'test-ledger-key-'.repeat(3);
export const TEST_MAIL_FROM = 'Convoza <hello@convoza.test>';

/** A tRPC client that sends an integration key, as an integration's server does (no cookies). */
export const integrationClient = (baseUrl: string, key: string) =>
  createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${baseUrl}/trpc`,
        transformer: superjson,
        headers: { authorization: `Bearer ${key}` },
      }),
    ],
  });

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
  /**
   * Another instance of the app on the same database, closed with this one: with its own ORM and
   * connection pool (`ownOrm`) it shares nothing else, as a second server would.
   */
  startInstance: (options?: { app?: AppOptions; ownOrm?: boolean }) => Promise<{ url: string }>;
  close: () => Promise<void>;
}

let userCounter = 0;

export interface TestAppOptions {
  app?: AppOptions;
  timeouts?: HttpTimeouts;
  /** Send lead emails through this SMTP server (starts the job queue and every worker). */
  smtpUrl?: string;
  /**
   * Queue webhook deliveries, with these settings over the defaults (retries after 1 s then 1 s,
   * private networks allowed so a receiver on 127.0.0.1 works), and start the job queue and every
   * worker. Tests may change `deps.notifier.webhooks` afterwards: the workers read the same
   * object (deliveries and calendar feeds are fetched under its network guard).
   */
  webhooks?: Partial<Omit<WebhookSettings, 'queue'>>;
  /** Start the job queue and every feature's workers (as the server does). */
  jobs?: boolean;
  /** The workers' tuning (features.ts), over the product's defaults. */
  workerOptions?: WorkerOptions;
  /** Log through this logger (default: silent, or debug with TEST_LOG_LEVEL=debug). */
  log?: Logger;
  /** Page views stored per day and distinct values per kind (the product's defaults when absent). */
  pageViewCaps?: PageViewCaps;
  /**
   * The features to build the app of (feature-set.ts `assemble`): the product's when absent; a
   * test adds a feature of its own. Their tables must exist (the test creates what it adds).
   */
  features?: FeatureSet;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const features = options.features ?? appFeatures;
  const database = await createTestDatabase(features.entities);
  await acceptDatabaseTimeZones(database.em());
  const log =
    options.log ?? createLogger(process.env.TEST_LOG_LEVEL === 'debug' ? 'debug' : 'silent');
  // Cached reads as in production; emptying the tables empties the cache of every instance.
  const stopCaches = [attachSharedCache(database.orm, database.url, log)];
  const db = {
    ...database,
    reset: async () => {
      await database.reset();
      await invalidateAllShared(database.em());
    },
  };
  const sessions = new SessionManager({
    secret: 'x'.repeat(32) + 'test-secret',
    idleMinutes: 60,
    absoluteHours: 24,
    secureCookie: false,
  });
  const queue =
    options.smtpUrl || options.webhooks || options.jobs
      ? await JobQueue.start(db.url, log, features.jobQueues)
      : undefined;
  const mailer = options.smtpUrl ? smtpMailer(options.smtpUrl, TEST_MAIL_FROM) : undefined;
  const webhooks: WebhookSettings = options.webhooks
    ? {
        retryDelays: [1, 1],
        allowPrivateNetworks: true,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        queue,
        ...options.webhooks,
      }
    : { retryDelays: [], allowPrivateNetworks: false, timeoutMs: WEBHOOK_TIMEOUT_MS };
  const parts = {
    orm: db.orm,
    log,
    sessions,
    queue,
    mailer,
    webhooks,
    publicUrl: 'http://convoza.test',
    booking: { tokenTtlHours: DEFAULT_BOOKING_TOKEN_TTL_HOURS },
    pageViewCaps: options.pageViewCaps,
    features,
    // Each test app its own ledger file (the database's copy is emptied with the tables).
    erasureLedger: erasureLedger(
      join(tmpdir(), `convoza-test-ledger-${randomUUID()}.jsonl`),
      TEST_LEDGER_KEY,
    ),
  };
  const { app, deps } = buildApp(parts, options.app);
  const stopWorkers = queue
    ? await features.startWorkers({
        queue,
        orm: db.orm,
        databaseUrl: db.url,
        log,
        notifier: deps.notifier,
        options: options.workerOptions ?? {},
      })
    : undefined;
  const server = await listen(app, 0, '127.0.0.1', options.timeouts);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const createCaller = createCallerFactory(appRouter);
  const extraInstances: (() => Promise<void>)[] = [];

  return {
    db,
    url,
    deps,
    anonymous: () => new Client(url),
    signedIn: async (role = 'admin', username) => {
      const name = username ?? `${role}${++userCounter}`;
      const em = db.em();
      const user = em.create(User, {
        username: name,
        email: `${name}@example.com`,
        password: await cheapTestPasswordHash(),
        role,
        firstName: null,
        lastName: null,
      });
      await em.flush();
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
    startInstance: async ({ app: appOptions, ownOrm = false } = {}) => {
      const orm = ownOrm
        ? await MikroORM.init(ormOptions(db.url, { entities: features.entities }))
        : db.orm;
      if (ownOrm) stopCaches.push(attachSharedCache(orm, db.url, log));
      const built = buildApp({ ...parts, orm }, appOptions);
      const other = await listen(built.app, 0, '127.0.0.1');
      extraInstances.push(async () => {
        await new Promise<void>((done) => other.close(() => done()));
        other.closeAllConnections();
        await built.deps.pageViews.close();
        if (ownOrm) await orm.close(true);
      });
      return { url: `http://127.0.0.1:${(other.address() as AddressInfo).port}` };
    },
    close: async () => {
      await stopWorkers?.(0);
      await queue?.stop();
      mailer?.close();
      await Promise.all(extraInstances.map((close) => close()));
      await deps.pageViews.close();
      await Promise.all(stopCaches.map((stop) => stop()));
      await new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      await db.drop();
    },
  };
}

/** An actor record for createCaller tests. */
export function actorFor(userId: number, role: Actor['role'] = 'admin'): Actor {
  return {
    userId,
    username: `user${userId}`,
    role,
    firstName: null,
    lastName: null,
    timeZone: null,
    sessionId: 'caller-session',
    twoFactorEnabled: false,
    twoFactorSetupRequired: false,
  };
}
