import pg from 'pg';

/** Admin URL of the PostgreSQL server the tests use (set by scripts/test.ts or the environment). */
export function pgAdminUrl(): string {
  return process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function databaseUrl(name: string): string {
  const url = new URL(pgAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client(pgAdminUrl());
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
