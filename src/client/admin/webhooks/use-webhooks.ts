import { trpc } from '../../lib/trpc';
import { notifyError, notifySuccess, notifyWrite } from '../lib/notify';

/** Endpoint writes; each refetches the endpoint list. */
export function useWebhookMutations() {
  const utils = trpc.useUtils();
  const refresh = () => utils.admin.webhooks.list.invalidate();
  const create = trpc.admin.webhooks.create.useMutation({
    onError: (e) => notifyError('Failed to add the endpoint', e),
    onSettled: refresh,
  });
  const update = trpc.admin.webhooks.update.useMutation({
    onSuccess: (hook) =>
      notifySuccess(
        hook.enabled ? `Endpoint saved: ${hook.url}` : `Endpoint saved (disabled): ${hook.url}`,
      ),
    onError: (e) => notifyError('Failed to update the endpoint', e),
    onSettled: refresh,
  });
  const remove = trpc.admin.webhooks.delete.useMutation(
    notifyWrite('Endpoint deleted', 'Failed to delete the endpoint', refresh),
  );
  return { create, update, remove };
}
