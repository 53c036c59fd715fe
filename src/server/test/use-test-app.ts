// The set-up every server test file shares, in one place: an app on its own database for the
// file, emptied before each test, and a client signed in afresh for each test.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestApp, type Client, type TestApp, type TestAppOptions } from './test-app';

export type SignedInClient = Client & { userId: number };

/**
 * A stand-in for something that exists only while tests run (the app from beforeAll, a client
 * from beforeEach): every property read goes to the current one, so test files can name it once
 * at the top instead of declaring a variable and assigning it in a hook.
 */
function lateBound<T extends object>(current: () => T | undefined, what: string): T {
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

/** Starts the app before the file's tests, closes it after, and empties the database before each. */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(options);
  });
  afterAll(() => app?.close());
  beforeEach(() => app?.db.reset());
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
