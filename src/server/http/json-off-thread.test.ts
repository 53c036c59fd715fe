// JSON parsed on the worker thread: the answers, and a process that parsed bodies still exits
// when its work is done (the thread is held only while a parse is under way).
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { isJsonObjectOffThread, parseJsonOffThread } from './json-off-thread';

describe('JSON off the event loop', () => {
  it('parses, checks and refuses bodies as JSON.parse does', async () => {
    expect(await parseJsonOffThread(Buffer.from('{"a":[1,"é"]}'))).toEqual({ a: [1, 'é'] });
    expect(await isJsonObjectOffThread(Buffer.from('[1]'))).toBe(true);
    expect(await isJsonObjectOffThread(Buffer.from('12'))).toBe(false);
    await expect(parseJsonOffThread(Buffer.from('{nope'))).rejects.toThrow(SyntaxError);
  });

  it('lets a process that used it exit by itself, after its answers', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'json-off-thread-')), 'parse-twice.mts');
    writeFileSync(
      file,
      `import { parseJsonOffThread } from ${JSON.stringify(join(import.meta.dirname, 'json-off-thread.ts'))};
      const answers = await Promise.all([parseJsonOffThread(Buffer.from('{"a":1}')), parseJsonOffThread(Buffer.from('[2]'))]);
      console.log(JSON.stringify(answers));`,
    );
    // Before the fix the thread's port held the process: it never exited (the timeout kills it).
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file], {
      timeout: 20_000,
    });
    expect(stdout.trim()).toBe('[{"a":1},[2]]');
  });
});
