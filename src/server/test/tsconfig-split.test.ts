// Server and client are type-checked as different runtimes (tsconfig.server.json has no DOM,
// tsconfig.client.json no Node types of its own): a browser global in server code fails the check.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'tsconfig-split-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Type errors of one file checked with the compiler options of `project`. */
function typeErrors(project: string, code: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(root, project),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  const file = join(scratch, `${project}.ts`);
  writeFileSync(file, code);
  const program = ts.createProgram([file], parsed!.options);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('TypeScript projects', () => {
  const domCode = 'export const title: string = document.title;\n';

  it('refuse DOM globals in server code', () => {
    expect(typeErrors('tsconfig.server.json', domCode)).toEqual([
      expect.stringMatching(/Cannot find name 'document'/),
    ]);
  });

  it('allow them in client code', () => {
    expect(typeErrors('tsconfig.client.json', domCode)).toEqual([]);
  });
});
