import pino from 'pino';
import { createRequire } from 'node:module';
import type { PrettyOptions } from 'pino-pretty';
import { REDACTED } from './audit/redact';
import { currentContext } from './observability/request-context';

type Level = 'debug' | 'info' | 'warn' | 'error';
export type LogFormat = 'json' | 'pretty';

/** The app's logging calls: a message and its fields (pino underneath, see createLogger). */
export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** The pino logger itself, for pino-http. */
  readonly pino: pino.Logger;
  /** Writes what is buffered (before the process exits). */
  flush(): void;
}

// What never reaches a log line, wherever a field of that name appears (top level, inside a
// logged object, or in a logged request's headers). By name, as the logger exists before the
// ORM whose hidden properties the audit log redacts by (audit/redact.ts); `code` is left out of
// it here because error codes (ECONNREFUSED) are worth logging and no 2FA code is ever logged.
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'secret',
  'key',
  'apiKey',
  'recoveryCode',
  'recoveryCodes',
  'sessionSecret',
];
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

/** pino-pretty, loaded only when asked for: production never pays for it. */
function prettyStream(): NodeJS.WritableStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as (
    options: PrettyOptions,
  ) => NodeJS.WritableStream;
  return pretty({ colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss.l' });
}

/**
 * One pino logger for the process: JSON lines (production, and what log shippers read) or
 * pretty lines for a developer (LOG_FORMAT; by default pretty only in development). Every line
 * written while a request or a job runs carries its requestId / jobId (observability/
 * request-context.ts). JSON goes to stdout through pino's asynchronous writer, so a burst of
 * lines never blocks a request; `flush()` empties it on shutdown.
 */
export function createLogger(
  level: Level | 'silent' = 'info',
  format: LogFormat = 'json',
  destination?: NodeJS.WritableStream,
): Logger {
  const stream =
    destination ??
    (format === 'pretty' ? prettyStream() : pino.destination({ dest: 1, sync: false }));
  const base = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: REDACTED },
      mixin: () => ({ ...currentContext() }),
    },
    stream,
  );
  const write = (l: Level) => (msg: string, fields?: Record<string, unknown>) =>
    base[l](fields ?? {}, msg);
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    pino: base,
    flush: () => {
      if (typeof (stream as { flushSync?: unknown }).flushSync === 'function')
        (stream as unknown as { flushSync(): void }).flushSync();
    },
  };
}
