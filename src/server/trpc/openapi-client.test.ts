// A client generated from /api/openapi.json with openapi-typescript + openapi-fetch, as an
// integrator would make one: it type-checks, and every operation it can call answers with a
// status the document lists for that operation.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { useSignedIn, useTestApp } from '../test/use-test-app';

const t = useTestApp({ resetBeforeEach: false });
const admin = useSignedIn(t, 'admin');

interface Parameter {
  name: string;
  in: string;
  schema?: { type?: string; format?: string };
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

const served = async () => (await (await fetch(`${t.url}/api/openapi.json`)).json()) as Document;

const CLIENT_PROGRAM = `import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

const api = createClient<paths>({ baseUrl: 'http://localhost:3000/api' });

export async function useTheApi(): Promise<void> {
  const page = await api.GET('/contacts/search', { params: { query: { search: 'ada', limit: 10 } } });
  if (page.data) {
    const id: number | undefined = page.data.items[0]?.id;
    const exact: boolean = page.data.countsExact;
    void id, exact;
  }
  const job = await api.GET('/contacts/imports/{jobId}', { params: { path: { jobId: 'x' } } });
  if (job.data) {
    const status: 'queued' | 'running' | 'done' | 'failed' = job.data.status;
    void status;
  }
  await api.POST('/auth/login', { body: { username: 'ada', password: 'secret' } });
  await api.PATCH('/contacts/{id}/status', { params: { path: { id: 1 } }, body: { status: 'qualified' } });
  // @ts-expect-error a status outside the enum does not compile
  await api.PATCH('/contacts/{id}/status', { params: { path: { id: 1 } }, body: { status: 'won' } });
}
`;

describe('a client generated from the OpenAPI document', () => {
  it('type-checks (openapi-typescript types + openapi-fetch)', async () => {
    // Inside the project, so the program resolves openapi-fetch from node_modules.
    const dir = resolve('.data', `openapi-client-${randomBytes(4).toString('hex')}`);
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(
        join(dir, 'schema.ts'),
        astToString(
          await openapiTS((await served()) as unknown as Parameters<typeof openapiTS>[0]),
        ),
      );
      writeFileSync(join(dir, 'client.ts'), CLIENT_PROGRAM);
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: 'es2022',
            module: 'nodenext',
            moduleResolution: 'nodenext',
            skipLibCheck: true,
            types: [],
          },
          files: ['client.ts'],
        }),
      );
      const tsc = spawnSync(resolve('node_modules/.bin/tsc'), ['-p', dir], { encoding: 'utf8' });
      expect(tsc.stdout + tsc.stderr).toBe('');
      expect(tsc.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('calls every operation and gets a status the document lists for it', async () => {
    const doc = await served();
    const api = createClient({
      baseUrl: `${t.url}/api`,
      fetch: async (request: Request) =>
        admin.fetch(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body ? await request.text() : undefined,
        }),
    });
    const call = api as unknown as Record<
      string,
      (path: string, init: object) => Promise<{ response: Response }>
    >;
    const undocumented: string[] = [];
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method, op })),
    );
    // Signing out last, so every other call runs signed in.
    operations.sort(
      (a, b) =>
        Number(a.op.operationId === 'auth-logout') - Number(b.op.operationId === 'auth-logout'),
    );
    for (const { path, method, op } of operations) {
      const pathParams = Object.fromEntries(
        (op.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => [
            p.name,
            p.schema?.type === 'integer' ? 999_999 : '00000000-0000-4000-8000-000000000000',
          ]),
      );
      const { response } = await call[method.toUpperCase()]!(path, {
        params: { path: pathParams },
        ...(op.requestBody ? { body: {} } : {}),
        parseAs: 'text',
      });
      const status = String(response.status);
      if (!(status in op.responses))
        undocumented.push(`${method.toUpperCase()} ${path} answered ${status}`);
    }
    expect(operations.length).toBeGreaterThan(60);
    expect(undocumented).toEqual([]);
  }, 120_000);
});
