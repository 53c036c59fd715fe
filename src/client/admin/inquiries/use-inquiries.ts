import { trpc } from '../../lib/trpc';
import { notifyError, notifySuccess } from '../lib/notify';

export function useInquiryUpdate() {
  const utils = trpc.useUtils();
  return trpc.admin.serviceInquiries.update.useMutation({
    onSuccess: () => notifySuccess('Service inquiry updated successfully'),
    onError: (e) => notifyError('Failed to update service inquiry', e),
    onSettled: () =>
      Promise.all([utils.admin.serviceInquiries.invalidate(), utils.analytics.invalidate()]),
  });
}
