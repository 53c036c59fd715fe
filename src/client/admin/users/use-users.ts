import { trpc } from '../../lib/trpc';
import { notifyError, notifySuccess } from '../lib/notify';

/** User writes; each refetches the users list, the current user and the analytics totals. */
export function useUserMutations() {
  const utils = trpc.useUtils();
  const refresh = () =>
    Promise.all([
      utils.admin.users.invalidate(),
      utils.auth.me.invalidate(),
      utils.analytics.invalidate(),
    ]);
  const create = trpc.admin.users.create.useMutation({
    onSuccess: () => notifySuccess('User created successfully'),
    onError: (e) => notifyError('Failed to create user', e),
    onSettled: refresh,
  });
  const update = trpc.admin.users.update.useMutation({
    onSuccess: () => notifySuccess('User updated successfully'),
    onError: (e) => notifyError('Failed to update user', e),
    onSettled: refresh,
  });
  const remove = trpc.admin.users.delete.useMutation({
    onSuccess: () => notifySuccess('User deleted successfully'),
    onError: (e) => notifyError('Failed to delete user', e),
    onSettled: refresh,
  });
  return { create, update, remove };
}
