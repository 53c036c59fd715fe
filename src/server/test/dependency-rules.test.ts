// The module rules of .dependency-cruiser.cjs (run by `npm run lint`): a deliberate violation of
// each fails them, the allowed shape passes. The files are written to a scratch tree shaped like
// src/, so the repository itself is never touched.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)(
  resolve(import.meta.dirname, '../../../.dependency-cruiser.cjs'),
) as IConfiguration;

const scratch = mkdtempSync(join(tmpdir(), 'dependency-rules-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The rules broken by a tree of files (path -> source), cruised from its src/. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(scratch, 'case-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const result = await cruise(['src'], {
      ruleSet: { forbidden: config.forbidden },
      validate: true,
      tsPreCompilationDeps: true,
    });
    const output = result.output as ICruiseResult;
    return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
  } finally {
    process.chdir(cwd);
  }
}

describe('module rules', () => {
  it('refuse an import cycle', async () => {
    expect(
      await violations({
        'src/server/contacts/a.service.ts':
          "import { b } from './b.service';\nexport const a = b;\n",
        'src/server/contacts/b.service.ts':
          "import { a } from './a.service';\nexport const b = () => a;\n",
      }),
    ).toEqual(
      expect.arrayContaining([expect.stringMatching(/^no-circular: src\/server\/contacts\//)]),
    );
  });

  it('refuse db/ importing a feature', async () => {
    expect(
      await violations({
        'src/server/db/maintenance.ts':
          "import { pruneQuarantine } from '../quarantine/quarantine.service';\nexport const x = pruneQuarantine;\n",
        'src/server/quarantine/quarantine.service.ts': 'export const pruneQuarantine = 1;\n',
      }),
    ).toEqual([
      'db-knows-no-feature: src/server/db/maintenance.ts -> src/server/quarantine/quarantine.service.ts',
    ]);
  });

  it('refuse a feature registration read outside features.ts', async () => {
    expect(
      await violations({
        'src/server/server.ts':
          "import { usersFeature } from './users/users.feature';\nexport const x = usersFeature;\n",
        'src/server/users/users.feature.ts': 'export const usersFeature = {};\n',
      }),
    ).toEqual([
      'feature-registrations-only-in-the-root: src/server/server.ts -> src/server/users/users.feature.ts',
    ]);
  });

  it('allow the intended shape: features.ts lists registrations, db/ uses its own and top-level modules', async () => {
    expect(
      await violations({
        'src/server/features.ts':
          "import { usersFeature } from './users/users.feature';\nexport const all = [usersFeature];\n",
        'src/server/users/users.feature.ts': 'export const usersFeature = {};\n',
        'src/server/feature.ts': 'export interface Feature { name: string }\n',
        'src/server/db/maintenance.ts':
          "import type { Feature } from '../feature';\nimport { x } from './orm';\nexport const y: Feature | number = x;\n",
        'src/server/db/orm.ts': 'export const x = 1;\n',
      }),
    ).toEqual([]);
  });
});
