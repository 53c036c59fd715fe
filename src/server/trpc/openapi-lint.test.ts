// The served API description as integrators' tools read it: `redocly lint` (recommended rules,
// redocly.yaml) must find nothing to report.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp({ resetBeforeEach: false });

interface Operation {
  operationId: string;
  security?: unknown[];
  responses: Record<string, unknown>;
}

async function servedDocument() {
  const res = await t.anonymous().fetch('/api/openapi.json');
  expect(res.status).toBe(200);
  return (await res.json()) as { paths: Record<string, Record<string, Operation>> };
}

describe('GET /api/openapi.json for other tools', () => {
  it('passes redocly lint with no errors and no warnings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'convoza-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(await servedDocument()));
      const lint = spawnSync(
        resolve('node_modules/.bin/redocly'),
        ['lint', file, '--config', resolve('redocly.yaml'), '--format=stylish'],
        {
          encoding: 'utf8',
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      );
      const output = `${lint.stdout}${lint.stderr}`;
      expect(output).toContain('Your API description is valid');
      expect(output).not.toMatch(/\b(warning|error)s?\b/i);
      expect(lint.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('says which operations need no credentials and lists what the guards answer', async () => {
    const doc = await servedDocument();
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    for (const op of operations) expect(op.security, op.operationId).toBeDefined();
    const byId = new Map(operations.map((op) => [op.operationId, op]));
    expect(byId.get('public-contact-submit')).toMatchObject({ security: [] });
    expect(Object.keys(byId.get('public-contact-submit')!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '429', '500']),
    );
    expect(Object.keys(byId.get('public-contact-formToken')!.responses)).toContain('429');
    expect(Object.keys(byId.get('admin-contacts-importStream')!.responses)).toEqual(
      expect.arrayContaining(['202', '400', '401', '403', '413', '415']),
    );
  });
});
