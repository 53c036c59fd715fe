import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { keepAliveAgent } from './keep-alive-agents';
import { guardedLookup, isPublicAddress, literalIp, PrivateNetworkError } from './network-guard';

export interface PostOptions {
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  /** Which peer addresses are allowed without allowPrivateNetworks (tests narrow it). */
  isAllowedAddress?: (ip: string) => boolean;
}

export interface PostResult {
  ok: boolean;
  /** The final answer's status (after redirects), null when none came. */
  status: number | null;
  durationMs: number;
  error: string | null;
}

const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * POSTs `body` to `url` and reports what became of it; never throws. Redirects are followed by
 * hand (at most 3), each hop checked like the first. Without allowPrivateNetworks a hop whose
 * host is, or resolves to, a loopback/private/reserved address is refused before connecting,
 * and the address actually connected to is checked again. A redirect re-POSTs the same signed
 * body (a webhook sent as a GET would be lost).
 */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostResult> {
  const started = performance.now();
  const signal = AbortSignal.timeout(options.timeoutMs);
  const done = (status: number | null, error: string | null): PostResult => ({
    ok: error === null,
    status,
    durationMs: Math.round(performance.now() - started),
    error,
  });
  try {
    const res = await guardedRequestFollowing(
      url,
      {
        method: 'POST',
        body,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'user-agent': 'Convoza-Webhooks/1.0',
        },
      },
      options,
      signal,
    );
    const text = await readSome(res, 500);
    const status = res.statusCode ?? null;
    if (status !== null && status >= 200 && status < 300) return done(status, null);
    return done(status, `HTTP ${status}${text ? `: ${text}` : ''}`);
  } catch (error) {
    if (signal.aborted) return done(null, `Timed out after ${options.timeoutMs} ms`);
    if (error instanceof TooManyRedirects) return done(error.status, error.message);
    return done(null, error instanceof Error ? error.message : String(error));
  }
}

/** A request redirected more than MAX_REDIRECTS times; `status` is the last redirect's. */
export class TooManyRedirects extends Error {
  constructor(readonly status: number | null) {
    super(`More than ${MAX_REDIRECTS} redirects`);
  }
}

type GuardedRequest = { method: 'GET' | 'POST'; body?: string; headers: Record<string, string> };

/**
 * guardedRequest, following redirects by hand (at most MAX_REDIRECTS), each hop checked like the
 * first and sent the same request (a webhook re-POSTs its signed body). The final answer is the
 * caller's to read.
 */
export async function guardedRequestFollowing(
  url: string,
  request: GuardedRequest,
  options: Omit<PostOptions, 'timeoutMs'>,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  let target = url;
  for (let hop = 0; ; hop++) {
    const res = await guardedRequest(new URL(target), request, options, signal);
    const location = res.headers.location;
    if (!REDIRECTS.has(res.statusCode ?? 0) || !location) return res;
    res.destroy(); // a redirect's body is never needed
    if (hop === MAX_REDIRECTS) throw new TooManyRedirects(res.statusCode ?? null);
    target = new URL(location, target).href;
  }
}

/**
 * One HTTP(S) request under the network guard (unless allowPrivateNetworks): a literal IP is
 * checked here, a name through `guardedLookup`, and the peer actually reached once more on
 * connect. Webhooks and hosts' calendar feeds send theirs through guardedRequestFollowing.
 */
function guardedRequest(
  url: URL,
  { method, body, headers }: GuardedRequest,
  options: Omit<PostOptions, 'timeoutMs'>,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new Error(`Refused a redirect to ${url.protocol} (only http and https)`));
  const guard = !options.allowPrivateNetworks;
  const isAllowed = options.isAllowedAddress ?? isPublicAddress;
  const ip = literalIp(url.hostname);
  // Node connects to a literal IP without a lookup: check it here.
  if (guard && ip && !isAllowed(ip)) return Promise.reject(new PrivateNetworkError(url.hostname));
  const protocol = url.protocol as 'http:' | 'https:';
  const request = protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method,
      headers:
        body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      signal,
      agent: keepAliveAgent(protocol, guard ? isAllowed : null),
      ...(guard ? { lookup: guardedLookup(isAllowed) } : {}),
    });
    // The last word: whatever the resolver said, the peer we reached must be public. A reused
    // keep-alive socket was checked when it connected (its agent serves this rule alone).
    if (guard)
      req.on('socket', (socket: Socket) => {
        if (!socket.connecting) return;
        socket.once('connect', () => {
          const peer = socket.remoteAddress ?? '';
          if (!isAllowed(peer)) req.destroy(new PrivateNetworkError(peer));
        });
      });
    req.on('response', resolve);
    req.on('error', reject);
    req.end(body);
  });
}

/** How much of an answer is read before the connection is closed: nobody needs a receiver's 2 GB. */
export const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * The first `max` characters of the answer (for the delivery's last error). At most
 * MAX_ANSWER_BYTES are read; then the connection is closed (not kept for the next request).
 */
async function readSome(res: IncomingMessage, max: number): Promise<string> {
  let bytes = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of res as AsyncIterable<Buffer>) {
    if (bytes < max * 4) chunks.push(chunk);
    bytes += chunk.length;
    if (bytes >= MAX_ANSWER_BYTES) {
      res.destroy();
      break;
    }
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text.slice(0, max).replace(/\s+/g, ' ').trim();
}
