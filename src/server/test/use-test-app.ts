// The set-up every server test file shares, in one place: an app on its own database for the
// file, emptied before each test (unless the file's tests share what it seeded once), and a
// client signed in afresh for each test.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startSmtpInbox } from './smtp-inbox';
import { startTestApp, type Client, type TestApp, type TestAppOptions } from '../test-app';

export type SignedInClient = Client & { userId: number };

/**
 * A stand-in for something that exists only while tests run (the app from beforeAll, a client
 * from beforeEach): every property read goes to the current one, so test files can name it once
 * at the top instead of declaring a variable and assigning it in a hook.
 */
export function lateBound<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_target, property) {
      const value = current();
      if (!value) throw new Error(`${what} exists only inside a test`);
      const member: unknown = Reflect.get(value, property, value);
      // Class methods need their `this`; own properties (arrow functions, the tRPC proxy) do not,
      // and binding the tRPC client's proxy would break its property chain.
      const isMethod = typeof member === 'function' && !Object.hasOwn(value, property);
      return isMethod ? (member as (...args: unknown[]) => unknown).bind(value) : member;
    },
  });
}

export interface UseTestAppOptions extends TestAppOptions {
  /**
   * Empty the database before each test (the default). `false` for files whose tests share
   * what a beforeAll seeded once (100,000 contacts, a fuzzing admin): the database is then
   * only emptied by being dropped after the last test.
   */
  resetBeforeEach?: boolean;
}

/**
 * Starts the app before the tests of the file (or of the describe block it is called in),
 * closes it after them, and empties the database before each unless `resetBeforeEach: false`.
 * A beforeAll declared after this call runs once the app is up.
 */
export function useTestApp({
  resetBeforeEach = true,
  ...options
}: UseTestAppOptions = {}): TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(options);
  });
  afterAll(() => app?.close());
  if (resetBeforeEach) beforeEach(() => app?.db.reset());
  return lateBound(() => app, 'The test app');
}

/** A client signed in afresh before each test (after the reset), as `username` when given. */
export function useSignedIn(
  t: TestApp,
  role: 'admin' | 'user' = 'admin',
  username?: string,
): SignedInClient {
  let client: SignedInClient | undefined;
  beforeEach(async () => {
    client = await t.signedIn(role, username);
  });
  return lateBound(() => client, 'The signed-in client');
}

/** Another instance of the app on the test app's database for the file (see TestApp.startInstance). */
export function useInstance(
  t: TestApp,
  options: Parameters<TestApp['startInstance']>[0] = {},
): { url: string } {
  let instance: { url: string } | undefined;
  beforeAll(async () => {
    instance = await t.startInstance(options);
  });
  return lateBound(() => instance, 'The app instance');
}

/**
 * A test app that sends its emails through a real SMTP server (smtp-server; messages parsed with
 * mailparser): before each test the inbox is emptied and the email jobs the previous test left are
 * dropped (ids restart with each reset, so such a job would send a new message early).
 */
export async function useMailTestApp(options: UseTestAppOptions = {}) {
  const inbox = await startSmtpInbox();
  afterAll(() => inbox.close());
  const t = useTestApp({ ...options, smtpUrl: inbox.url });
  beforeEach(async () => {
    inbox.messages.length = 0;
    await t.db.em().execute("delete from pgboss.job where name = 'email'");
  });
  return { inbox, t };
}
