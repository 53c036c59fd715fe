import { trpc } from '../lib/trpc';

/** The product (docs/PRODUCT.md): the current-user query never retries and stays fresh for 5 minutes. */
export function useCurrentUser() {
  return trpc.auth.me.useQuery(undefined, { retry: false, staleTime: 5 * 60 * 1000 });
}
