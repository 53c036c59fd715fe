// The folders of src/server as the structure tests read them (infrastructure-names.test.ts,
// table-ownership.test.ts): the infrastructure, every other folder a feature's, and their files.
// The dependency rules say the same in .dependency-cruiser.cjs.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const SERVER = import.meta.dirname;

/** The folders that own no feature's data and name no feature. */
export const INFRASTRUCTURE = ['db', 'events', 'http', 'jobs', 'observability', 'trpc', 'test'];

/** Every other folder of src/server is a feature's. */
export const FEATURE_FOLDERS = readdirSync(SERVER).filter(
  (name) => statSync(join(SERVER, name)).isDirectory() && !INFRASTRUCTURE.includes(name),
);

/** The TypeScript files under a folder (relative to src/server), the migrations left out. */
export function filesUnder(folder: string): string[] {
  return readdirSync(join(SERVER, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return path === 'db/migrations' ? [] : filesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
