// Where the embedded PostgreSQL's binaries and data can live. PostgreSQL refuses to run as root,
// so under root it runs as the `postgres` system user, which must be able to reach both its
// binaries (in node_modules) and its data folder. A project cloned under /root (mode 0700, as in
// most containers) is out of that user's reach: there the binaries are copied, and the data kept,
// under /var/lib/convoza instead, a place both users can reach.
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export interface SystemUser {
  uid: number;
  gid: number;
}

/** The root folder for what must sit outside the project when the project is out of reach. */
export const REACHABLE_HOME = '/var/lib/convoza';

/**
 * Creates REACHABLE_HOME open to every user (0755), also when an earlier start left it closed: a
 * cluster folder created under it first (recursive, 0700) would otherwise close it to postgres.
 */
function openReachableHome(): void {
  mkdirSync(REACHABLE_HOME, { recursive: true, mode: 0o755 });
  chmodSync(REACHABLE_HOME, 0o755);
}

/** True when `user` may traverse every folder from / down to `path` (and `path` itself). */
export function reachableBy(path: string, user: SystemUser): boolean {
  let current = resolve(path);
  for (;;) {
    if (existsSync(current) && !mayTraverse(current, user)) return false;
    const parent = dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

function mayTraverse(folder: string, user: SystemUser): boolean {
  const { mode, uid, gid } = statSync(folder);
  if (uid === user.uid) return (mode & 0o100) !== 0;
  if (gid === user.gid) return (mode & 0o010) !== 0;
  return (mode & 0o001) !== 0;
}

/**
 * The binaries folder (with bin/, lib/, share/) to run, copied once per version under
 * REACHABLE_HOME when the installed one is out of the user's reach.
 */
export function reachableBinaries(
  nativeDir: string,
  version: string,
  user: SystemUser,
  log: (msg: string) => void,
): string {
  if (reachableBy(join(nativeDir, 'bin'), user)) return nativeDir;
  const target = join(REACHABLE_HOME, `postgres-${version}`);
  if (existsSync(join(target, 'bin', 'postgres'))) return target;
  log(`${nativeDir} is out of the postgres user's reach; copying the binaries to ${target}`);
  openReachableHome();
  // Copied beside the target and renamed, so a stopped copy never looks complete.
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
  renameSync(partial, target);
  return target;
}

/**
 * The cluster folder: `<dataDir>/pg`, or, when `dataDir` is out of the user's reach, a folder
 * under REACHABLE_HOME named after the data folder's absolute path (so each checkout keeps its
 * own database across restarts). Choosing REACHABLE_HOME opens it to every user first.
 */
export function reachableClusterDir(dataDir: string, user: SystemUser | undefined): string {
  const wanted = join(resolve(dataDir), 'pg');
  if (!user || reachableBy(resolve(dataDir), user)) return wanted;
  const key = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16);
  openReachableHome();
  return join(REACHABLE_HOME, `data-${key}`, 'pg');
}
