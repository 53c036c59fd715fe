import { createTRPCReact, httpBatchLink, httpLink, splitLink } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../server/app-router';
import { UNBATCHABLE_PROCEDURES } from '../../shared/trpc-batching';

/** Typed hooks for the back office; the client imports only the router's type. */
export const trpc = createTRPCReact<AppRouter>();

const withCookies: typeof fetch = (url, options) =>
  fetch(url, { ...options, credentials: 'include' });

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      // The server refuses batches that carry these calls, so they go out one request each.
      splitLink({
        condition: (op) => UNBATCHABLE_PROCEDURES.includes(op.path),
        true: httpLink({ url: '/trpc', transformer: superjson, fetch: withCookies }),
        false: httpBatchLink({
          url: '/trpc',
          transformer: superjson,
          maxItems: 10,
          fetch: withCookies,
        }),
      }),
    ],
  });
}
