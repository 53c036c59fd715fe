import { trpc } from '../../lib/trpc';
import { notifyCrud, notifyError, notifySuccess } from '../lib/notify';

/** Campaign writes; each refetches the campaign list and the analytics that count campaigns. */
export function useCampaignMutations() {
  const utils = trpc.useUtils();
  const refresh = () =>
    Promise.all([utils.admin.campaigns.invalidate(), utils.analytics.invalidate()]);
  const create = trpc.admin.campaigns.create.useMutation(notifyCrud('create', 'campaign', refresh));
  const update = trpc.admin.campaigns.update.useMutation(notifyCrud('update', 'campaign', refresh));
  const duplicate = trpc.admin.campaigns.duplicate.useMutation({
    onSuccess: (copy) => notifySuccess(`Campaign created successfully: ${copy.name} (draft)`),
    onError: (e) => notifyError('Failed to create campaign', e),
    onSettled: refresh,
  });
  const remove = trpc.admin.campaigns.delete.useMutation(notifyCrud('delete', 'campaign', refresh));
  return { create, update, duplicate, remove };
}
