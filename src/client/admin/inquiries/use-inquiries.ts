import { trpc } from '../../lib/trpc';
import { notifyWrite } from '../lib/notify';

export function useInquiryUpdate() {
  const utils = trpc.useUtils();
  return trpc.admin.serviceInquiries.update.useMutation(
    notifyWrite('Service inquiry updated successfully', 'Failed to update service inquiry', () =>
      Promise.all([utils.admin.serviceInquiries.invalidate(), utils.analytics.invalidate()]),
    ),
  );
}
