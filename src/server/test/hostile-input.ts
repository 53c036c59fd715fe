// Inputs built to make a careless validator slow: each one defeats a known backtracking or
// quadratic pattern (email, trailing slashes, whitespace runs, link and spam checks, zero-width
// and full-width text) at the largest size an operation accepts. Shared by the event-loop test
// and bench/event-loop.ts.
import { openApiDocument } from '../openapi';
import { SMALL_BODY_LIMIT, LARGE_BODY_LIMIT } from '../http/body-limits';

/** A string of about `size` UTF-16 units, made by repeating `unit` (plus an optional tail). */
const fill = (unit: string, size: number, tail = '') =>
  unit.repeat(Math.max(1, Math.floor((size - tail.length) / unit.length))) + tail;

export const HOSTILE_PATTERNS: Record<string, (size: number) => string> = {
  'email dots': (n) => `a@${fill('.', n - 3, ' ')}`,
  'email labels': (n) => `a@${fill('a.', n - 3, '@')}`,
  'local part': (n) => fill('a', n, '@'),
  slashes: (n) => fill('/', n, 'x'),
  whitespace: (n) => fill(' \t', n, 'x'),
  'link prefixes': (n) => fill('www.', n, ''),
  'url schemes': (n) => fill('http://', n, ''),
  'anchor tag': (n) => `<a${fill(' ', n - 3, '')}`,
  consonants: (n) => fill('bcdfghjklmnpqrstvwxz', n, 'a'),
  'repeated char': (n) => fill('zzzz', n, 'y'),
  'zero width': (n) => fill('c\u200Ba\u200Bs\u200Bi\u200Bn\u200Bo ', n, ''),
  'full width': (n) => fill('ｃａｓｉｎｏ ', n, ''),
  emoji: (n) => fill('🙂', n, ''),
  'formula cells': (n) => fill(';=', n, ''),
};

export interface ApiOperation {
  method: string;
  /** OpenAPI path with `{id}` placeholders. */
  path: string;
  query: string[];
  bodyFields: string[];
}

/** Every REST operation of the served OpenAPI document. */
export function apiOperations(): ApiOperation[] {
  type Op = {
    parameters?: { name: string; in: string }[];
    requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
  };
  return Object.entries(openApiDocument().paths ?? {}).flatMap(([path, ops]) =>
    Object.entries(ops as Record<string, Op>).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      bodyFields: Object.keys(
        op.requestBody?.content?.['application/json']?.schema?.properties ?? {},
      ),
    })),
  );
}

export interface HostileRequest {
  url: string;
  method: string;
  body?: string;
}

/**
 * The largest request the operation accepts, with the pattern in every field and query parameter
 * (or, given `only`, the whole body budget in that one field): the body just under the
 * operation's limit (the CSV import: a file of hostile rows just under its 5 MB), query strings
 * as long as a request line may be.
 */
export function hostileRequest(
  op: ApiOperation,
  pattern: (size: number) => string,
  only?: string,
): HostileRequest {
  const path = op.path.replace(/\{\w+\}/g, '999999');
  const queryValue = encodeURIComponent(pattern(2000)).slice(0, 6000);
  const qs = op.query.map((q) => `${q}=${queryValue}`).join('&');
  const url = `/api${path}${qs ? `?${qs}` : ''}`;
  if (!['POST', 'PUT', 'PATCH'].includes(op.method) || op.bodyFields.length === 0)
    return { url, method: op.method };
  if (op.bodyFields.includes('csvData')) {
    const cell = (n: number) => pattern(n).replace(/[\r\n",]/g, ' ');
    const row = `${cell(300)},${cell(200)}\n`;
    const rows = Math.floor((LARGE_BODY_LIMIT - 300 * 1024) / (JSON.stringify(row).length - 2));
    const csvData = `name,email\n${row.repeat(rows)}`;
    return { url, method: op.method, body: JSON.stringify({ csvData }) };
  }
  const fields = only ? [only] : op.bodyFields;
  // JSON-escaping can grow a string up to 6x (\uXXXX); size each field so the body fits the limit.
  const budget = Math.floor((SMALL_BODY_LIMIT - 1024) / fields.length);
  const growth = JSON.stringify(pattern(1000)).length / 1000;
  const value = pattern(Math.floor(budget / growth) - 8);
  return {
    url,
    method: op.method,
    body: JSON.stringify(Object.fromEntries(fields.map((f) => [f, value]))),
  };
}
