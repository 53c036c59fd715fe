import { describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

interface Operation {
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}
interface Document {
  openapi: string;
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> };
}

type OpenApiInput = Exclude<Parameters<typeof SwaggerParser.validate>[0], string>;

/** Spec section 7, as method + path under /api. */
const SPEC_CALLS = [
  'POST /contacts',
  'GET /contacts',
  'PATCH /contacts/{id}/status',
  'DELETE /contacts/{id}',
  'DELETE /contacts/bulk/all',
  'POST /contacts/import/csv',
  'GET /contacts/export/csv',
  'GET /analytics',
  'GET /auth/me',
  'POST /auth/login',
  'POST /auth/logout',
  'GET /users',
  'POST /users',
  'PATCH /users/{id}',
  'DELETE /users/{id}',
  'GET /service-inquiries',
  'GET /campaigns',
  'POST /campaigns',
  'PATCH /campaigns/{id}',
  'DELETE /campaigns/{id}',
];
const PUBLIC_CALLS = ['POST /contacts', 'POST /auth/login', 'POST /auth/logout'];

async function fetchDocument(): Promise<Document> {
  const res = await t.anonymous().fetch('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return (await res.json()) as Document;
}

function operation(doc: Document, call: string): Operation | undefined {
  const [method = '', path = ''] = call.split(' ');
  return doc.paths[path]?.[method.toLowerCase()];
}

/** The security an operation really has: its own, else the document's default. */
function effectiveSecurity(doc: Document, op: Operation): Record<string, string[]>[] {
  return op.security ?? doc.security ?? [];
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3 document', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toMatch(/^3\./);
    await expect(
      SwaggerParser.validate(structuredClone(doc) as unknown as OpenApiInput),
    ).resolves.toBeDefined();
  });

  it('describes every method and path of the product', async () => {
    const doc = await fetchDocument();
    const missing = SPEC_CALLS.filter((call) => !operation(doc, call));
    expect(missing).toEqual([]);
  });

  it('declares the session cookie scheme; public calls need nothing, every other spec call needs the cookie', async () => {
    const doc = await fetchDocument();
    expect(doc.components?.securitySchemes?.cookieAuth).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'convoza_session',
    });
    for (const call of SPEC_CALLS) {
      const security = effectiveSecurity(doc, operation(doc, call)!);
      if (PUBLIC_CALLS.includes(call)) expect(security, call).toEqual([]);
      else expect(security, call).toEqual([{ cookieAuth: [] }]);
    }
  });

  it('is served without a session', async () => {
    expect((await t.anonymous().fetch('/api/openapi.json')).status).toBe(200);
  });
});

describe('GET /api/docs', () => {
  it('serves an HTML page that loads only same-origin scripts, none inline, under a strict CSP', async () => {
    const res = await t.anonymous().fetch('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs = '', body = ''] of scripts) {
      const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
      expect(src, attrs).toMatch(/^\/(?!\/)/); // a same-origin absolute path, not //cdn or https://
      expect(body.trim()).toBe('');
    }
    for (const [, href = ''] of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"/gi))
      expect(href).toMatch(/^\/(?!\/)/);
    for (const [, src = ''] of scripts.map((m) => /\bsrc="([^"]+)"/.exec(m[1] ?? '') ?? [])) {
      const asset = await t.anonymous().fetch(src);
      expect(asset.status, src).toBe(200);
      expect(asset.headers.get('content-type'), src).toMatch(/javascript/);
    }
  });
});
