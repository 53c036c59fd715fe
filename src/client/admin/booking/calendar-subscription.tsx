import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../components/confirm-dialog';
import { notifyError, notifySuccess } from '../lib/notify';

/** The secret address of a host's booked calls, to subscribe to in their calendar app. */
export function CalendarSubscription({ userId }: { userId: number }) {
  const id = useId();
  const [renewing, setRenewing] = useState(false);
  const utils = trpc.useUtils();
  const subscription = trpc.admin.booking.calendarSubscription.useQuery({ id: userId });
  const regenerate = trpc.admin.booking.regenerateCalendarSubscription.useMutation({
    onSuccess: (fresh) => {
      utils.admin.booking.calendarSubscription.setData({ id: userId }, fresh);
      notifySuccess('New address made: the old one no longer works');
    },
    onError: (e) => notifyError('The address could not be replaced', e),
  });
  const url = subscription.data?.url ?? '';
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Subscription address</Label>
      <div className="flex flex-wrap gap-2">
        <Input id={id} readOnly value={url} className="min-w-0 flex-1 basis-64 font-mono text-xs" />
        <Button
          variant="secondary"
          disabled={!url}
          onClick={() =>
            void navigator.clipboard
              .writeText(url)
              .then(() => notifySuccess('Address copied'))
              .catch(() => notifyError('Copy it from the field instead'))
          }
        >
          <Copy aria-hidden /> Copy
        </Button>
        <Button variant="secondary" onClick={() => setRenewing(true)}>
          New address
        </Button>
      </div>
      <p className="text-sm text-slate-600">
        Add it in Google Calendar ("From URL") or Outlook ("Subscribe from web") to see your booked
        calls there. Keep it private: anyone with it can read your calls.
      </p>
      <ConfirmDialog
        open={renewing}
        onOpenChange={setRenewing}
        title="Make a new address?"
        description="The current address stops working at once; calendars subscribed to it stop updating."
        confirmLabel="Make a new address"
        onConfirm={() => regenerate.mutate({ id: userId })}
      />
    </div>
  );
}
