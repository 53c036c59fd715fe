import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  DEFAULT_BOOKING_REMINDER_OFFSETS,
  DEFAULT_BOOKING_TOKEN_TTL_HOURS,
} from '../shared/booking.schema';
import { DEFAULT_DAILY_KEY_CAP, DEFAULT_DAILY_VIEW_CAP } from '../shared/web-analytics.schema';

/** Loads `.env` defaults without overriding the real environment. */
function loadDotEnv(path = '.env'): Record<string, string> {
  if (!existsSync(path)) return {};
  const values: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (match?.[1] && match[2] !== undefined) values[match[1]] = match[2].replace(/^"(.*)"$/, '$1');
  }
  return values;
}

const ZBool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Seconds to wait before each webhook retry, e.g. `5,30,120`: whole numbers, at most a week each. */
const ZRetryDelays = z
  .string()
  .transform((text) => text.split(',').map((part) => part.trim()))
  .refine(
    (parts) =>
      parts.length <= 20 && parts.every((n) => /^\d{1,6}$/.test(n) && Number(n) <= 604_800),
    'WEBHOOK_RETRY_DELAYS must be up to 20 comma-separated whole seconds (each at most 604800), e.g. 5,30,120,600,3600',
  )
  .transform((parts) => parts.map(Number));

const ZConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z.url().optional(),
    DATA_DIR: z.string().default('.data'),
    SESSION_SECRET: z.string().optional(),
    TRUST_PROXY: z.string().optional(),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    /** JSON lines (log shippers) or pretty lines (a developer); by default pretty only in development. */
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    SEED_DEMO: ZBool.optional(),
    ADMIN_USERNAME: z.string().min(1).optional(),
    ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .positive()
      .default(60 * 8),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'SMTP_URL must look like smtp://user:pass@host:587' })
      .optional(),
    MAIL_FROM: z.string().min(3).default('Convoza <hello@convoza.ai>'),
    PUBLIC_URL: z.url().optional(),
    WEBHOOK_RETRY_DELAYS: ZRetryDelays.default([5, 30, 120, 600, 3600]),
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: ZBool.default(false),
    /** Serves GET /metrics (Prometheus) to `Authorization: Bearer <METRICS_TOKEN>`; off when unset. */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    /** Days raw page views are kept (whole months past it are dropped); the daily roll-ups stay. */
    ANALYTICS_RAW_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /** Page views stored per UTC day; past it they are dropped (the Security Center says so). */
    ANALYTICS_DAILY_VIEW_CAP: z.coerce
      .number()
      .int()
      .min(1000)
      .max(100_000_000)
      .default(DEFAULT_DAILY_VIEW_CAP),
    /** Distinct values (paths, referrer hosts, each UTM parameter) kept per UTC day, each kind apart. */
    ANALYTICS_DAILY_KEY_CAP: z.coerce
      .number()
      .int()
      .min(100)
      .max(1_000_000)
      .default(DEFAULT_DAILY_KEY_CAP),
    /** The erasure ledger's file, outside the database (default DATA_DIR/erasure-ledger.jsonl). */
    PRIVACY_LEDGER_PATH: z.string().optional(),
    /** The key of the ledger's address hashes; derived from SESSION_SECRET when unset. */
    PRIVACY_LEDGER_KEY: z
      .string()
      .min(32, 'PRIVACY_LEDGER_KEY must be at least 32 characters')
      .optional(),
    /** On SIGTERM: seconds to keep serving with readiness at 503, so a load balancer notices. */
    SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
    /** Then: seconds the requests and jobs in flight get to finish before they are cut off. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(25),
    // How long the booking link of a contact submission stays valid.
    BOOKING_TOKEN_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(2160)
      .default(DEFAULT_BOOKING_TOKEN_TTL_HOURS),
    // Minutes before a booked call that the lead gets a reminder email.
    BOOKING_REMINDER_OFFSETS: z
      .string()
      .transform((text) => (text.trim() ? text.split(',').map((part) => part.trim()) : []))
      .refine(
        (parts) =>
          parts.length <= 5 &&
          parts.every((n) => /^\d{1,5}$/.test(n) && Number(n) >= 1 && Number(n) <= 20_160),
        'BOOKING_REMINDER_OFFSETS must be up to 5 comma-separated whole minutes (1 to 20160), e.g. 1440,60',
      )
      .transform((parts) => parts.map(Number))
      .default(DEFAULT_BOOKING_REMINDER_OFFSETS),
    SESSION_ABSOLUTE_HOURS: z.coerce
      .number()
      .int()
      .positive()
      .default(24 * 7),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && trustsEveryProxy(c.TRUST_PROXY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message:
          'TRUST_PROXY=true lets any client choose its own address (X-Forwarded-For) and escape every per-IP limit; ' +
          'set the number of proxies in front of the app (e.g. 1) or their subnets (e.g. loopback, 10.0.0.0/8)',
      });
    }
    if (c.NODE_ENV === 'production' && (!c.SESSION_SECRET || c.SESSION_SECRET.length < 32)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'SESSION_SECRET of at least 32 characters is required in production',
      });
    }
  });

export type TConfig = z.infer<typeof ZConfig>;

/** Parses configuration from the environment (plus `.env` defaults); throws with every problem named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, dotEnvPath = '.env'): TConfig {
  // `PORT=` or `DATABASE_URL=` (common in compose files) means "unset": an empty PORT used to coerce to 0 (a random port).
  const merged = Object.fromEntries(
    Object.entries({ ...loadDotEnv(dotEnvPath), ...env }).filter(
      ([, v]) => v !== undefined && v.trim() !== '',
    ),
  );
  const result = ZConfig.safeParse(merged);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}

function trustsEveryProxy(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === 'true';
}

/**
 * Express `trust proxy` value from TRUST_PROXY: a hop count or a list of subnets. `true` (trust
 * every hop, so the client's own X-Forwarded-For entry wins) is refused in production.
 */
export function trustProxySetting(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (trustsEveryProxy(value)) return true;
  const hops = Number(value);
  return Number.isInteger(hops) ? hops : value;
}
