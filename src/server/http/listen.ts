import { createServer, type Server } from 'node:http';
import type { Express } from 'express';
import { enforceRequestDeadline } from './request-deadline';

export interface HttpTimeouts {
  /** The whole request head must arrive within this. */
  headersMs: number;
  /**
   * The whole request, body included (a 5 MB CSV on a slow uplink fits), must arrive within this;
   * the streamed import upload has its own pace rule instead (request-deadline.ts).
   */
  requestMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number;
  /** How often Node checks the two limits above (its default, 30 s, lets a slow client overstay). */
  checkIntervalMs: number;
}

/**
 * Node's defaults let a client that trickles its headers or body hold a connection for up to
 * five minutes (requestTimeout 300 s); a few thousand such clients exhaust the server.
 */
export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 15_000,
  requestMs: 60_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 2_000,
};

/** Starts the HTTP server for `app` with the timeouts above; resolves once it listens. */
export function listen(
  app: Express,
  port: number,
  host: string,
  timeouts: HttpTimeouts = HTTP_TIMEOUTS,
): Promise<Server> {
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      // Node's requestTimeout cannot exempt one route: enforceRequestDeadline does this job.
      requestTimeout: 0,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    app,
  );
  enforceRequestDeadline(server, timeouts.requestMs);
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done(server);
    });
  });
}
