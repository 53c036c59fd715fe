import { ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import { escapeLiteral, type PoolClient } from 'pg';
import { compileSql, type SqlCondition } from '../db/sql-condition';
import { CONTACT_COLUMNS } from './contact-columns';
import { CopyCsvStream, ExportBuffers, ExportResponseWriter } from './contacts-export-stream';

export { ExportCutOff } from './contacts-export-stream';

/** The header row of the export: the contact's fields, in the API's order (nested ones flat). */
export const EXPORT_HEADER = `${CONTACT_COLUMNS.map((c) => c.field).join(',')}\n`;
/** Which fields are timestamps, by position (the rewrite turns them into ISO 8601 UTC). */
const TIMESTAMP_FIELDS = CONTACT_COLUMNS.flatMap((c, i) => (c.timestamp ? [i] : []));

/**
 * One bind parameter of a SqlCondition as a SQL literal: COPY takes no parameters. Text goes
 * through pg's escapeLiteral (quotes doubled; with a backslash, an E'' string with the backslashes
 * doubled), so it is matched as the same text a bound parameter would be. Numbers must be safe
 * integers and arrays arrays of them (ids); anything else is refused rather than guessed at.
 */
export function sqlLiteral(value: unknown): string {
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new Error('A NUL character cannot be sent to PostgreSQL');
    return escapeLiteral(value);
  }
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'number' && Number.isSafeInteger(v)))
    return `'{${value.join(',')}}'`;
  throw new Error(`Cannot inline ${typeof value} into the export's COPY`);
}

/**
 * `condition` with each `$n` replaced by its parameter as a literal. Only the compiled text is
 * rewritten, so a `$1` or `?` inside a value stays inside its quotes.
 */
export function inlineSql(condition: SqlCondition): string {
  const { sql, parameters } = compileSql(condition);
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    if (Number(n) > parameters.length) throw new Error(`No parameter for $${n}`);
    return sqlLiteral(parameters[Number(n) - 1]);
  });
}

/** The COPY that writes the contacts matching `only` in id order, as PostgreSQL's own CSV. */
export function contactsCopySql(only: SqlCondition): string {
  // A boolean as `true`/`false` (COPY writes `t`/`f`).
  const columns = CONTACT_COLUMNS.map((c) => (c.boolean ? `${c.column}::text` : c.column));
  return `copy (select ${columns.join(', ')} from contacts where ${inlineSql(only)} order by id) to stdout with (format csv)`;
}

/**
 * The session the COPY runs in, undone by the transaction's end. The timestamps must come out
 * as `YYYY-MM-DD HH:MM:SS.ffffff+00` for the rewrite. JIT compiling and parallel workers only
 * cost here: every row is read and the work is in writing them (JIT took 180 ms to compile).
 */
const COPY_SESSION = `begin read only;
set local timezone = 'UTC';
set local datestyle = 'ISO, MDY';
set local jit = off;
set local max_parallel_workers_per_gather = 0`;

/** Exports running at once; each holds one pool connection until its client has read it all. */
export const MAX_CONCURRENT_EXPORTS = 3;
let running = 0;

/** A place among the exports running, or undefined when MAX_CONCURRENT_EXPORTS already run. */
export function takeExportSlot(): (() => void) | undefined {
  if (running >= MAX_CONCURRENT_EXPORTS) return undefined;
  running++;
  let released = false;
  return () => {
    if (!released) running--;
    released = true;
  };
}

const ignore = () => undefined;

/**
 * Streams the contacts matching `only` as the export CSV into `destination`: PostgreSQL writes
 * the CSV (COPY TO STDOUT through pg-copy-streams, on one connection of the app's pool), and
 * CopyCsvStream applies the formula rule and the ISO timestamps as the bytes come in.
 * `pipeline` carries backpressure: while the client does not read, the socket to PostgreSQL is
 * not read either and the COPY waits (for a minute at most: EXPORT_STALL_MS).
 *
 * Nothing is written before the COPY's first bytes (or its end), so a failure to start still
 * gets the JSON error (`destination` is left open on failure; the caller answers or destroys
 * it); if those take longer than 50 ms the header row goes out first. When the download fails
 * or is cut off (ExportCutOff) the connection is destroyed, not returned: PostgreSQL ends the
 * COPY as soon as its socket closes, and the pool opens a new connection when it needs one.
 */
export async function copyContactsCsv(
  em: EntityManager,
  destination: Writable,
  only: SqlCondition,
): Promise<void> {
  const sql = contactsCopySql(only);
  const pool = await em.getConnection().getNativeClient();
  const client: PoolClient = await pool.connect();
  // A socket error while the connection is checked out must not become an uncaught 'error'.
  client.on('error', ignore);
  let failure: Error | undefined;
  try {
    await client.query(COPY_SESSION);
    const buffers = new ExportBuffers();
    const copy = client.query(new CopyCsvStream(sql, EXPORT_HEADER, TIMESTAMP_FIELDS, buffers));
    // pg reports a connection lost mid-COPY by emitting 'error' on the query itself, possibly
    // after pipeline has finished with it: always have a listener.
    copy.on('error', ignore);
    copy.writeHeaderAfter(50);
    const recycle = destination instanceof ServerResponse;
    await pipeline(copy, new ExportResponseWriter(destination, recycle ? buffers : undefined));
    await client.query('commit');
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // With an error the pool ends the client, destroying its socket while the COPY is active;
    // the listener stays on that client for errors its end may still raise.
    if (!failure) client.off('error', ignore);
    client.release(failure);
  }
}
