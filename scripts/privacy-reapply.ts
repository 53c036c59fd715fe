// npm run privacy:reapply: after a restore from a backup, erases again what the erasure ledger's
// file names and the restored ledger table lacks (what every start of the server does too).
// `-- --all` erases again every address the ledger names, also one that came back since (a new
// submission after the erasure): for a ledger whose table was lost with its file intact.
// Runs against DATABASE_URL, or the embedded database of DATA_DIR while the server is stopped.
import type { EntityManager } from '@mikro-orm/postgresql';
import { buildApp } from '../src/server/build-app';
import { loadConfig } from '../src/server/config';
import { startEmbeddedDatabase } from '../src/server/db/embedded';
import { initOrm } from '../src/server/db/orm';
import { JobQueue } from '../src/server/jobs/job-queue';
import { createLogger } from '../src/server/logger';
import { smtpMailer } from '../src/server/notifications/mailer';
import { configuredErasureLedger } from '../src/server/privacy/erasure-ledger-file';
import { reapplyErasures } from '../src/server/privacy/erasure-reapply.service';
import { developmentSessionSecret } from '../src/server/session-secret';
import { jobQueues } from '../src/server/features';

const config = loadConfig();
const log = createLogger('warn');
const embedded = config.DATABASE_URL
  ? undefined
  : await startEmbeddedDatabase(config.DATA_DIR, () => {});
const databaseUrl = config.DATABASE_URL ?? embedded!.url;
const orm = await initOrm(databaseUrl);
// Jobs (a host's notice of a call called off) are queued for the server's workers to send.
const queue = await JobQueue.start(databaseUrl, log, jobQueues);
try {
  const ledger = configuredErasureLedger(
    config,
    config.SESSION_SECRET ?? developmentSessionSecret(config.DATA_DIR),
  );
  const { deps } = buildApp({
    orm,
    log,
    queue,
    mailer: config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM) : undefined,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    erasureLedger: ledger,
  });
  const outcome = await reapplyErasures(orm.em.fork() as EntityManager, deps.privacy, {
    all: process.argv.includes('--all'),
  });
  console.log(
    `Ledger ${ledger.path}: ${outcome.hashes} erased addresses checked, ${outcome.addresses} found again and erased`,
    outcome.counts,
  );
  await deps.pageViews.close();
} finally {
  await queue.stop(5_000);
  await orm.close();
  await embedded?.stop();
}
