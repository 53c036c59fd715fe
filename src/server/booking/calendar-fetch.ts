// Fetches a host's calendar feed under the webhooks' network guard: http(s) only (webcal:// is
// https), its redirects each checked like the first (as a webhook's), a time limit and a size cap.
import type { IncomingMessage } from 'node:http';
import { PrivateNetworkError, guardedRequestFollowing } from '../webhooks/guarded-http.service';
import { budgetReason, FeedBudgetError } from './calendar-feed-budget';

export const FEED_TIMEOUT_MS = 15_000;
/**
 * Google's and Outlook's feeds of a busy calendar are well under this. Past it a feed is over its
 * size budget (calendar-feed-budget.ts): not fetched again until refreshed by hand.
 */
export const FEED_MAX_BYTES = 10 * 1024 * 1024;

/** webcal:// is the same address over https (what calendar apps do with it). */
export const feedHttpUrl = (url: string) => url.replace(/^webcal:\/\//i, 'https://');

export interface FeedFetchOptions {
  allowPrivateNetworks: boolean;
  timeoutMs?: number;
}

/** The feed's text; throws with a message for the host (shown as the feed's error). */
export async function fetchFeed(url: string, options: FeedFetchOptions): Promise<string> {
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await guardedRequestFollowing(
      feedHttpUrl(url),
      {
        method: 'GET',
        headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'Convoza-Calendar/1.0' },
      },
      options,
      signal,
    );
    const status = res.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      res.destroy();
      throw new Error(`The calendar address answered HTTP ${status}`);
    }
    return await readCapped(res);
  } catch (error) {
    if (signal.aborted)
      throw new Error(`The calendar address did not answer within ${timeoutMs / 1000} s`);
    throw forTheHost(error);
  }
}

/**
 * The reason a host (often not an admin) is shown: never the addresses a name resolved to, nor
 * the server's settings. The guard's own message names both; Node's socket errors name the IP.
 */
function forTheHost(error: unknown): unknown {
  if (error instanceof PrivateNetworkError)
    return new Error(
      'The calendar address leads to a private or internal network, which is not allowed',
    );
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^E[A-Z_]+$/.test(code))
    return new Error(`The calendar address could not be reached (${code})`);
  return error;
}

async function readCapped(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > FEED_MAX_BYTES) {
      res.destroy();
      throw new FeedBudgetError(budgetReason.size(FEED_MAX_BYTES));
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
