import { trpc } from '../../lib/trpc';
import { notifyCrud } from '../lib/notify';

/** Task writes; each refreshes the task lists and the timelines tasks appear on. */
export function useTaskMutations() {
  const utils = trpc.useUtils();
  const refresh = () =>
    Promise.all([utils.admin.tasks.invalidate(), utils.admin.contactActivity.invalidate()]);
  return {
    create: trpc.admin.tasks.create.useMutation(notifyCrud('create', 'task', refresh)),
    update: trpc.admin.tasks.update.useMutation(notifyCrud('update', 'task', refresh)),
    remove: trpc.admin.tasks.delete.useMutation(notifyCrud('delete', 'task', refresh)),
  };
}
