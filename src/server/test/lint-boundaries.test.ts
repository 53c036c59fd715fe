// The import boundaries of docs/ARCHITECTURE.md are lint rules (eslint.config.js); a deliberate
// violation in each layer must fail them, and the allowed imports must pass.
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '../../..') });

async function problems(
  filePath: string,
  code: string,
  rule = '@typescript-eslint/no-restricted-imports',
): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    ['src/shared/x.ts', "import { x } from '../server/errors';", /src\/shared is the contract/],
    ['src/shared/x.ts', "import { x } from '../client/lib/trpc';", /src\/shared is the contract/],
    ['src/shared/x.ts', "import { x } from 'node:fs';", /src\/shared is the contract/],
    [
      'src/client/admin/x.ts',
      "import { x } from '../../server/errors';",
      /only types from the server/,
    ],
    ['src/client/lib/x.ts', "import { x } from 'node:fs';", /no Node modules/],
    [
      'src/client/public/pages/x.tsx',
      "import { x } from '../../lib/trpc';",
      /Public pages ship no admin/,
    ],
    [
      'src/client/public/pages/x.tsx',
      "import { x } from '../../admin/lib/format';",
      /Public pages ship no admin/,
    ],
    [
      'src/client/public/pages/x.tsx',
      "import { x } from '@tanstack/react-query';",
      /Public pages ship no admin/,
    ],
    ['src/client/public/pages/x.tsx', "import x from 'sharp';", /no Node modules/],
  ])('refuses in %s: %s', async (file, code, message) => {
    const found = await problems(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });

  it.each([
    ['src/shared/x.ts', "import { x } from './text.schema';"],
    ['src/client/lib/x.ts', "import type { x } from '../../server/app-router';"],
    ['src/client/public/pages/x.tsx', "import { x } from '../../../shared/contact-form';"],
    ['src/server/x.ts', "import { x } from 'node:fs';"],
  ])('allows in %s: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});

describe('Node globals', () => {
  it.each([
    ['src/client/lib/x.ts', 'const x = process.env.SECRET;'],
    ['src/client/public/pages/x.tsx', "const x = Buffer.from('a');"],
  ])('are refused in client code (%s: %s)', async (file, code) => {
    const found = await problems(file, code, 'no-restricted-globals');
    expect(found).toEqual([expect.stringMatching(/is Node's; the client runs in the browser/)]);
  });

  it('are fine on the server', async () => {
    expect(
      await problems('src/server/x.ts', 'const x = process.env.PORT;', 'no-restricted-globals'),
    ).toEqual([]);
  });
});
