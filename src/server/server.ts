import type { Server } from 'node:http';
import type { Express } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import { buildApp } from './build-app';
import { SessionManager } from './auth/session';
import { trustProxySetting, type TConfig } from './config';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded';
import { ensureFirstAdmin } from './users/first-admin.service';
import { initOrm } from './db/orm';
import type { Orm } from './db/orm-type';
import { installConnectionGuard } from './db/connection-guard';
import { attachSharedCache } from './db/shared-cache';
import { jobQueues, maintenanceTasks, seedDemoData, startWorkers } from './features';
import { listen } from './http/listen';
import type { Lifecycle } from './observability/readiness';
import { observeForMetrics } from './observability/metrics';
import { createLogger } from './logger';
import { startMaintenance } from './db/maintenance';
import { JobQueue } from './jobs/job-queue';
import { acceptDatabaseTimeZones } from './db/time-zones.sql';
import { smtpMailer } from './notifications/mailer';
import { developmentSessionSecret } from './session-secret';
import { configuredErasureLedger } from './privacy/erasure-ledger-file';
import { reapplyErasures } from './privacy/erasure-reapply.service';
import { WEBHOOK_TIMEOUT_MS, type WebhookSettings } from './webhooks/webhook-settings';

export interface StopOptions {
  /** Seconds to keep serving, with readiness at 503, before the listener closes (SIGTERM: SHUTDOWN_DELAY_SECONDS). */
  delaySeconds?: number;
}

export interface RunningServer {
  url: string;
  server: Server;
  /** Drains: readiness 503, the delay, no new connections, requests and jobs in hand finish, then closes. */
  stop: (options?: StopOptions) => Promise<void>;
}

/**
 * config -> database -> migrations -> first admin (+ demo data) -> app -> listen.
 * `print` shows the one-time first-admin password (stdout by default; tests capture it).
 */
export async function startServer(
  config: TConfig,
  frontend?: (app: Express) => void,
  csp = true,
  print?: (line: string) => void,
): Promise<RunningServer> {
  const log = createLogger(
    config.LOG_LEVEL,
    config.LOG_FORMAT ?? (config.NODE_ENV === 'development' ? 'pretty' : 'json'),
  );
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedDatabase(config.DATA_DIR, (m) => log.info(m));
    databaseUrl = embedded.url;
    log.info('using the embedded PostgreSQL', { dataDir: config.DATA_DIR });
  }
  // The schema and the job queue start side by side (each is a few round trips to PostgreSQL).
  const [orm, queue] = await startTogether(
    initOrm(databaseUrl),
    JobQueue.start(databaseUrl, log, jobQueues),
  );
  await installConnectionGuard(orm);
  await acceptDatabaseTimeZones(orm.em.fork() as EntityManager);
  const stopSharedCache = attachSharedCache(orm, databaseUrl, log);
  const em = orm.em.fork() as EntityManager;
  await ensureFirstAdmin(
    em,
    { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD },
    log,
    print,
  );
  // Demo content: on request, or by default on a brand-new embedded database; never by default on DATABASE_URL.
  if (config.SEED_DEMO ?? Boolean(embedded?.created)) await seedDemoData(em);

  const secret = config.SESSION_SECRET ?? developmentSessionSecret(config.DATA_DIR);
  const sessions = new SessionManager({
    secret,
    idleMinutes: config.SESSION_IDLE_MINUTES,
    absoluteHours: config.SESSION_ABSOLUTE_HOURS,
    secureCookie: config.NODE_ENV === 'production',
  });
  // The job queue always runs (webhooks need it); email is sent only with SMTP_URL.
  const mailer = config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : undefined;
  if (!mailer)
    log.warn('SMTP_URL is not set: lead emails are recorded as not_configured, not sent');
  const webhooks: WebhookSettings = {
    queue,
    retryDelays: config.WEBHOOK_RETRY_DELAYS,
    allowPrivateNetworks: config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    timeoutMs: WEBHOOK_TIMEOUT_MS,
  };
  const ledger = configuredErasureLedger(config, secret);
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  const lifecycle: Lifecycle = { draining: false };
  const pool = await orm.em.getConnection().getNativeClient();
  observeForMetrics({
    queuedJobs: () => queue.queuedCounts(),
    poolInUse: () => pool.totalCount - pool.idleCount,
  });
  const { app, deps } = buildApp(
    {
      orm,
      log,
      sessions,
      queue,
      mailer,
      webhooks,
      publicUrl,
      erasureLedger: ledger,
      pageViewCaps: {
        views: config.ANALYTICS_DAILY_VIEW_CAP,
        keys: config.ANALYTICS_DAILY_KEY_CAP,
      },
      booking: {
        tokenTtlHours: config.BOOKING_TOKEN_TTL_HOURS,
        reminderOffsets: config.BOOKING_REMINDER_OFFSETS,
      },
    },
    {
      trustProxy: trustProxySetting(config.TRUST_PROXY),
      frontend,
      csp,
      hsts: config.NODE_ENV === 'production',
      lifecycle,
      metricsToken: config.METRICS_TOKEN,
    },
  );
  // Every feature's workers, with the app's outbound channels (its notifier).
  const stopWorkers = await startWorkers({
    queue,
    orm,
    databaseUrl,
    log,
    notifier: deps.notifier,
    options: {},
  });
  // After a restore the database may hold people the ledger says were erased: erased again
  // before the first request (a no-op on every other start).
  const reapplied = await reapplyErasures(orm.em.fork() as EntityManager, deps.privacy);
  if (reapplied.hashes)
    log.warn('erasures reapplied from the ledger', {
      hashes: reapplied.hashes,
      addresses: reapplied.addresses,
    });
  const server = await listen(app, config.PORT, config.HOST);
  const stopMaintenance = startMaintenance(
    orm,
    maintenanceTasks,
    {
      notifier: deps.notifier,
      events: deps.events,
      analyticsRawDays: config.ANALYTICS_RAW_DAYS,
      analyticsKeyCap: config.ANALYTICS_DAILY_KEY_CAP,
      privacy: deps.privacy,
    },
    log,
  );
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;
  log.info('listening', { url });

  let stopping: Promise<void> | undefined;
  const stop = ({ delaySeconds = 0 }: StopOptions = {}) =>
    (stopping ??= (async () => {
      // Readiness answers 503 from now on; requests are still served while the load balancer
      // notices and stops sending new ones.
      lifecycle.draining = true;
      log.info('draining', { delaySeconds, graceSeconds: config.SHUTDOWN_GRACE_SECONDS });
      await new Promise((done) => setTimeout(done, delaySeconds * 1000));
      stopMaintenance();
      const graceMs = config.SHUTDOWN_GRACE_SECONDS * 1000;
      // The workers' sweeps stop; an import in hand is failed at once (it never runs twice).
      await Promise.all([closeServer(server, graceMs), stopWorkers(graceMs)]);
      // Jobs in hand finish (a job cut off by the grace period is run again by another instance).
      await queue.stop(graceMs);
      mailer?.close();
      await deps.pageViews.close();
      await stopSharedCache();
      await drainPool(pool);
      await orm.close();
      await embedded?.stop();
      log.info('stopped');
      log.flush();
    })());
  return { url, server, stop };
}

/**
 * Stops accepting connections and waits for the requests in flight, at most `graceMs`; then
 * closes what is left. A kept-alive connection is closed as soon as it is idle.
 */
async function closeServer(server: Server, graceMs: number): Promise<void> {
  const closed = new Promise<void>((done) => server.close(() => done()));
  const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
  const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
  server.closeIdleConnections();
  await closed;
  clearInterval(idleSweep);
  clearTimeout(deadline);
}

/**
 * Waits (at most `ms`) for queries still running, e.g. a maintenance tick started just before
 * shutdown: closing the pool under a running query never resolves, so stop() used to hang.
 */
async function drainPool(
  pool: { waitingCount: number; idleCount: number; totalCount: number },
  ms = 5000,
): Promise<void> {
  const deadline = Date.now() + ms;
  do await new Promise((done) => setTimeout(done, 20));
  while ((pool.waitingCount > 0 || pool.idleCount < pool.totalCount) && Date.now() < deadline);
}

/** Both started, or neither: the one that did start is closed again when the other fails. */
async function startTogether(
  orm: Promise<Orm>,
  queue: Promise<JobQueue>,
): Promise<[Orm, JobQueue]> {
  try {
    return await Promise.all([orm, queue]);
  } catch (error) {
    await Promise.allSettled([orm.then((o) => o.close()), queue.then((q) => q.stop())]);
    throw error;
  }
}
