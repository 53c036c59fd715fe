import type { z } from 'zod';
import type { TContactBulk, ZContactFilter } from '../../../shared/contacts-bulk.schema';
import { trpc } from '../../lib/trpc';
import { notifyError, notifySuccess } from '../lib/notify';
import { formatNumber } from '../lib/format';
import { useContactsRefresh } from './use-contacts';

/** What a bulk action applies to: the picked ids, or everything matching the list's filter. */
export type BulkTarget = { ids: number[] } | { filter: z.input<typeof ZContactFilter> };

const DONE: Record<TContactBulk['action'], string> = {
  set_status: 'updated',
  assign: 'reassigned',
  delete: 'deleted',
};

/** POST /contacts/bulk with a toast saying how many contacts it changed. */
export function useContactBulk(onDone: () => void) {
  const refresh = useContactsRefresh();
  return trpc.admin.contacts.bulk.useMutation({
    onSuccess: ({ affected }, input) => {
      const noun = affected === 1 ? 'contact' : 'contacts';
      notifySuccess(`${formatNumber(affected)} ${noun} ${DONE[input.action]}`);
      onDone();
    },
    onError: (e) => notifyError('Bulk action failed', e),
    onSettled: refresh,
  });
}
