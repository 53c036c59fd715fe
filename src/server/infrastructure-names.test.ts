// No file of the infrastructure folders names a feature: no import of a feature's module (not
// even for a type, tests included), and outside tests no string that is a feature's name or the
// name of one of its job queues. The features say what they have in their registrations
// (features.ts); the infrastructure takes it from there. (.dependency-cruiser.cjs keeps the
// imports apart for the lint; this also reads the strings, and the tests and test support.)
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_FOLDERS, filesUnder, INFRASTRUCTURE, SERVER } from './server-folders';
import { FEATURES, jobQueues } from './features';

const NAMES = new Set([...FEATURES.map((f) => f.name), ...jobQueues.map((q) => q.name)]);

/** What `source` (at `path`, relative to src/server) says of a feature: imports and names. */
export function featuresNamed(path: string, source: string): string[] {
  const found: string[] = [];
  for (const [, spec] of source.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = relative(SERVER, resolve(SERVER, dirname(path), spec!));
    const folder = target.split('/')[0]!;
    if (target.includes('/') && FEATURE_FOLDERS.includes(folder)) found.push(`imports ${target}`);
  }
  if (!path.endsWith('.test.ts')) {
    // Strings of the code, not of its comments or indexed types (`Meta['audit']`).
    const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    for (const [, single, double, template] of code.matchAll(
      /(?<!\[)(?:'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`)/g,
    )) {
      const text = single ?? double ?? template;
      if (text !== undefined && NAMES.has(text)) found.push(`names '${text}'`);
    }
  }
  return found;
}

describe('the infrastructure', () => {
  it('names no feature: no import of one, no feature or queue name', () => {
    const named = INFRASTRUCTURE.flatMap(filesUnder).flatMap((path) =>
      featuresNamed(path, readFileSync(join(SERVER, path), 'utf8')).map(
        (what) => `${path} ${what}`,
      ),
    );
    expect(named).toEqual([]);
  });

  it('is caught naming one: a feature module imported, a queue or feature named', () => {
    expect(
      featuresNamed('jobs/x.ts', "import { EMAIL_QUEUE } from '../notifications/email.queue';"),
    ).toEqual(['imports notifications/email.queue']);
    expect(featuresNamed('test/y.ts', "import type { Actor } from '../auth/session';")).toEqual([
      'imports auth/session',
    ]);
    expect(featuresNamed('jobs/z.ts', "await boss.createQueue('email', options);")).toEqual([
      "names 'email'",
    ]);
    expect(featuresNamed('db/w.ts', "const name = 'webhooks';")).toEqual(["names 'webhooks'"]);
    // Another infrastructure folder and the composition root are fine.
    expect(
      featuresNamed(
        'jobs/v.ts',
        "import { x } from '../db/typed-sql';\nimport { y } from '../features';",
      ),
    ).toEqual([]);
  });
});
