// Transport-level hardening: slow clients are cut off, HSTS in production, only the API docs'
// own files are served, and proxied client addresses lose their ports (attack findings 6 and 8).
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BROWSER_HEADERS, relaxContactProtections } from './form-guard/contact-form-test-support';
import { useTestApp } from './test/use-test-app';
import { STRICT_TRANSPORT_SECURITY } from './http/security-headers';

const TIMEOUTS = { headersMs: 800, requestMs: 1200, keepAliveMs: 500, checkIntervalMs: 200 };

/** Opens a raw connection, writes `text`, and resolves with what the server said and when it closed. */
function trickle(url: string, text: string): Promise<{ response: string; closedAfterMs: number }> {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  return new Promise((done, fail) => {
    let response = '';
    const socket = connect(Number(port), hostname, () => socket.write(text));
    socket.on('data', (chunk) => (response += chunk.toString()));
    socket.on('close', () => done({ response, closedAfterMs: Date.now() - started }));
    socket.on('error', fail);
    setTimeout(() => socket.destroy(new Error('the server kept the connection open')), 10_000);
  });
}

describe('slow clients', () => {
  const t = useTestApp({ timeouts: TIMEOUTS });

  it('answers 408 and closes a request whose body never finishes', async () => {
    const head =
      'POST /api/contacts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"na';
    const { response, closedAfterMs } = await trickle(t.url, head);
    expect(response).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(TIMEOUTS.requestMs + 3 * TIMEOUTS.checkIntervalMs + 500);
  });

  it('closes a connection whose headers never finish', async () => {
    const { closedAfterMs } = await trickle(t.url, 'GET / HTTP/1.1\r\nHost: x\r\nX-Slow: a');
    expect(closedAfterMs).toBeLessThan(TIMEOUTS.headersMs + 3 * TIMEOUTS.checkIntervalMs + 500);
  });

  it('uses limits of seconds, not Node’s five minutes, by default', async () => {
    const { HTTP_TIMEOUTS } = await import('./http/listen');
    expect(HTTP_TIMEOUTS.requestMs).toBeLessThanOrEqual(60_000);
    expect(HTTP_TIMEOUTS.headersMs).toBeLessThanOrEqual(15_000);
  });
});

describe('production headers and the API docs', () => {
  const prod = useTestApp({ app: { hsts: true } });
  const dev = useTestApp();

  it('sends Strict-Transport-Security in production only', async () => {
    for (const path of ['/api/health', '/api/openapi.json', '/api/nope']) {
      const res = await fetch(`${prod.url}${path}`);
      expect(res.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    }
    expect(
      (await fetch(`${dev.url}/api/health`)).headers.get('strict-transport-security'),
    ).toBeNull();
  });

  it('serves the two files the docs page loads and nothing else of swagger-ui-dist', async () => {
    const page = await (await fetch(`${dev.url}/api/docs/`)).text();
    for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
      expect(page).toContain(`/api/docs/assets/${file}`);
      expect((await fetch(`${dev.url}/api/docs/assets/${file}`)).status).toBe(200);
    }
    for (const file of [
      'package.json',
      'swagger-ui-es-bundle.js',
      'index.html',
      'README.md',
      'swagger-ui.js.map',
    ]) {
      expect((await fetch(`${dev.url}/api/docs/assets/${file}`)).status).toBe(404);
    }
  });
});

describe('client addresses behind a proxy', () => {
  const t = useTestApp({ app: { trustProxy: 1 } });

  it('counts one address with different ports as one client', async () => {
    await relaxContactProtections(t.db.em(), { rateLimitEnabled: true, maxSubmissionsPerHour: 2 });
    const submit = (forwardedFor: string, i: number) =>
      fetch(`${t.url}/api/contacts`, {
        method: 'POST',
        headers: {
          ...BROWSER_HEADERS,
          'content-type': 'application/json',
          'x-forwarded-for': forwardedFor,
        },
        body: JSON.stringify({
          name: `Ada ${i}`,
          email: `ada${i}@example.com`,
          message: 'Hello there',
        }),
      });
    const statuses = [];
    for (const [i, xff] of [
      '198.51.100.7:1111',
      '198.51.100.7:2222',
      '198.51.100.7:3333',
      '[2001:db8::5]:443',
    ].entries())
      statuses.push((await submit(xff, i)).status);
    // The third from 198.51.100.7, whatever its port, is over the limit of 2: kept in quarantine.
    expect(statuses).toEqual([200, 200, 200, 200]);
    const ips = await t.db
      .em()
      .execute<{ ip: string }[]>('select distinct ip from quarantined_submissions');
    expect(ips.map((r) => r.ip)).toEqual(['198.51.100.7']);
  });
});
