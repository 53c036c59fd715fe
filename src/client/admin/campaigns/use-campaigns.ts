import { trpc } from '../../lib/trpc';
import { notifyError, notifySuccess } from '../lib/notify';

/** Campaign writes; each refetches the campaign list and the analytics that count campaigns. */
export function useCampaignMutations() {
  const utils = trpc.useUtils();
  const refresh = () =>
    Promise.all([utils.admin.campaigns.invalidate(), utils.analytics.invalidate()]);
  const create = trpc.admin.campaigns.create.useMutation({
    onSuccess: () => notifySuccess('Campaign created successfully'),
    onError: (e) => notifyError('Failed to create campaign', e),
    onSettled: refresh,
  });
  const update = trpc.admin.campaigns.update.useMutation({
    onSuccess: () => notifySuccess('Campaign updated successfully'),
    onError: (e) => notifyError('Failed to update campaign', e),
    onSettled: refresh,
  });
  const duplicate = trpc.admin.campaigns.duplicate.useMutation({
    onSuccess: (copy) => notifySuccess(`Campaign created successfully: ${copy.name} (draft)`),
    onError: (e) => notifyError('Failed to create campaign', e),
    onSettled: refresh,
  });
  const remove = trpc.admin.campaigns.delete.useMutation({
    onSuccess: () => notifySuccess('Campaign deleted successfully'),
    onError: (e) => notifyError('Failed to delete campaign', e),
    onSettled: refresh,
  });
  return { create, update, duplicate, remove };
}
