import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * What every log line of one piece of work carries: the request it serves, or the job it runs
 * and the request that enqueued that job. Node's AsyncLocalStorage follows it through every
 * await, so services, the ORM's error lines and the jobs they queue see it without a parameter.
 */
export interface RequestContext {
  requestId?: string;
  jobId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const runInContext = <T>(context: RequestContext, work: () => T): T =>
  storage.run(context, work);

export const currentContext = (): RequestContext | undefined => storage.getStore();

/** An incoming X-Request-Id is kept when it is a sane token: at most 64 of [A-Za-z0-9._-]. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The id of a request: the caller's, when sane (a proxy's or a client's), or a new one. */
export function requestIdFrom(header: unknown): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** A URL's path without its query string: a query can carry a token, and the path is what to group by. */
export const pathOf = (url: string | undefined): string => (url ?? '').split('?')[0]!;
