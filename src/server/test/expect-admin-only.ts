import { expect } from 'vitest';
import type { Client, TestApp } from '../test-app';

/** One REST call: method, path under /api and an optional JSON body. */
export type RestCall = [method: string, path: string, body?: object];

/** Every call is refused: 401 without a session, 403 for a signed-in non-admin. */
export async function expectAdminOnly(t: TestApp, user: Client, calls: RestCall[]): Promise<void> {
  for (const [method, path, body] of calls) {
    expect(
      (await t.anonymous().rest(method, path, body)).status,
      `${method} ${path} anonymous`,
    ).toBe(401);
    expect((await user.rest(method, path, body)).status, `${method} ${path} as user`).toBe(403);
  }
}
