// A real HTTP server on 127.0.0.1 that records what webhooks bring and answers as told; for tests.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How to answer one request: a status, a redirect, or never (to make the sender time out). */
export type Answer = number | 'hang' | { redirect: string; status?: number };

export async function startReceiver(host = '127.0.0.1') {
  const received: Received[] = [];
  /** When each of `received` arrived (Date.now(), same order). */
  const receivedAt: number[] = [];
  const answers: Answer[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, body });
      receivedAt.push(Date.now());
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') return;
      if (typeof answer === 'object')
        return res.writeHead(answer.status ?? 307, { location: answer.redirect }).end();
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(`answer ${answer}`);
    });
  });
  await new Promise<void>((done) => server.listen(0, host, done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/hook`,
    port,
    received,
    receivedAt,
    /** The answers to the next requests, in order (then 200). */
    answer: (...next: Answer[]) => answers.push(...next),
    reset: () => {
      received.length = 0;
      receivedAt.length = 0;
      answers.length = 0;
    },
    async waitFor(count: number, timeoutMs = 15_000): Promise<Received[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`expected ${count} webhook requests, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received.slice(0, count);
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * Verifies a request as a Standard Webhooks receiver would, with node:crypto only: the
 * `v1,` signature over `{webhook-id}.{webhook-timestamp}.{body}` keyed with the base64 part of
 * the secret, and a timestamp within five minutes.
 */
export function verifyStandardWebhook(secret: string, request: Received): boolean {
  const id = String(request.headers['webhook-id']);
  const timestamp = String(request.headers['webhook-timestamp']);
  const header = String(request.headers['webhook-signature']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.split('_')[1] ?? '', 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest();
  return header.split(' ').some((entry) => {
    const [version, signature = ''] = entry.split(',');
    const given = Buffer.from(signature, 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
