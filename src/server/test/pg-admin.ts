// The one place that creates and drops scratch databases (test files, the test run's template,
// e2e servers, benchmarks) and opens short-lived connections to them. No vitest here: the
// benchmarks in bench/ use it as plain Node scripts.
import pg from 'pg';

/** Admin URL of the PostgreSQL server the tests use (set by scripts/test.ts or the environment). */
export function pgAdminUrl(): string {
  return process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** The URL of database `name` on the server of `adminUrl` (the tests' server by default). */
export function databaseUrl(name: string, adminUrl = pgAdminUrl()): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Connects to `url`, runs `fn` with the connection, and always disconnects. */
export async function withClient<T>(
  url: string,
  fn: (client: pg.Client) => Promise<T>,
  options: { connectTimeoutMs?: number } = {},
): Promise<T> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: options.connectTimeoutMs,
  });
  try {
    await client.connect();
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The rows of one statement on the database at `url`, on a connection of its own. */
export async function queryRows<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  sql: string,
  params?: unknown[],
): Promise<T[]> {
  return withClient(url, async (client) => (await client.query<T>(sql, params)).rows);
}

/** Whether a PostgreSQL server answers at `url` within `timeoutMs`. */
export async function reachable(url: string, timeoutMs = 2000): Promise<boolean> {
  try {
    await withClient(url, async () => undefined, { connectTimeoutMs: timeoutMs });
    return true;
  } catch {
    return false;
  }
}

export interface DatabaseOptions {
  /** The server's admin URL; the tests' server (pgAdminUrl) by default. */
  adminUrl?: string;
}

/**
 * Creates database `name` (empty, or a copy of `template`) and returns its URL.
 * Names are quoted identifiers: pass the lower-case names the callers generate.
 */
export async function createDatabase(
  name: string,
  options: DatabaseOptions & { template?: string } = {},
): Promise<string> {
  const adminUrl = options.adminUrl ?? pgAdminUrl();
  await withClient(adminUrl, async (client) => {
    const template = options.template
      ? ` template ${client.escapeIdentifier(options.template)}`
      : '';
    await client.query(`create database ${client.escapeIdentifier(name)}${template}`);
  });
  return databaseUrl(name, adminUrl);
}

/** Drops database `name` if it exists, closing any connection still open to it. */
export async function dropDatabase(name: string, options: DatabaseOptions = {}): Promise<void> {
  await withClient(options.adminUrl ?? pgAdminUrl(), (client) =>
    client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`),
  );
}
