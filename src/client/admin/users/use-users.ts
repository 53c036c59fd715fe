import { trpc } from '../../lib/trpc';
import { notifyCrud } from '../lib/notify';

/** User writes; each refetches the users list, the current user and the analytics totals. */
export function useUserMutations() {
  const utils = trpc.useUtils();
  const refresh = () =>
    Promise.all([
      utils.admin.users.invalidate(),
      utils.auth.me.invalidate(),
      utils.analytics.invalidate(),
    ]);
  const create = trpc.admin.users.create.useMutation(notifyCrud('create', 'user', refresh));
  const update = trpc.admin.users.update.useMutation(notifyCrud('update', 'user', refresh));
  const remove = trpc.admin.users.delete.useMutation(notifyCrud('delete', 'user', refresh));
  return { create, update, remove };
}
