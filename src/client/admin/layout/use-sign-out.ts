import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { trpc } from '../../lib/trpc';

/** The product (docs/PRODUCT.md): on success or on error the cache is cleared and the user goes to the login page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const logout = trpc.auth.logout.useMutation({
    onSettled: () => {
      queryClient.clear();
      navigate('~/admin/login', { replace: true });
    },
  });
  return { signOut: () => logout.mutate(), pending: logout.isPending };
}
