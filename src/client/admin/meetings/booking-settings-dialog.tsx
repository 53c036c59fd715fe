import { z } from 'zod';
import { ZBookingSettings, type TBookingSettings } from '../../../shared/booking.schema';
import { trpc } from '../../lib/trpc';
import { formFields } from '../components/form';
import { FormDialog } from '../components/form-dialog';
import { notifyError, notifySuccess } from '../lib/notify';
import { useSchemaForm } from '../lib/schema-form';

const { FormField, FormSwitch } = formFields<z.input<typeof ZBookingSettings>>('booking-settings');

/** The site's booking rules (admins): on or off, length, buffer, notice, horizon, caps, step. */
export function BookingSettingsDialog({
  settings,
  onClose,
}: {
  settings: TBookingSettings;
  onClose: () => void;
}) {
  const form = useSchemaForm(ZBookingSettings, settings);
  const utils = trpc.useUtils();
  const update = trpc.admin.booking.updateSettings.useMutation({
    onSuccess: (saved) => {
      utils.admin.booking.settings.setData(undefined, saved);
      notifySuccess('Booking settings saved');
    },
    onError: (e) => notifyError('The booking settings were not saved', e),
  });
  return (
    <FormDialog
      text={{
        title: 'Booking Settings',
        description: 'How leads book a strategy call after the contact form. Times are in minutes.',
      }}
      form={form}
      mutation={update}
      onClose={onClose}
    >
      <FormSwitch
        name="enabled"
        label="Leads can book a call"
        hint="Off: the booking link and page say booking is not available."
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField name="durationMinutes" label="Call length (15-120)" type="number" />
        <FormField name="bufferMinutes" label="Buffer between calls (0-60)" type="number" />
        <FormField name="minNoticeMinutes" label="Minimum notice (0-10080)" type="number" />
        <FormField name="horizonDays" label="Days ahead offered (1-60)" type="number" />
        <FormField name="maxPerDayPerHost" label="Calls per host per day (1-50)" type="number" />
        <FormField name="slotStepMinutes" label="Start times every (5-120)" type="number" />
        <FormField
          name="maxBookingsPerHour"
          label="Calls booked per hour, site-wide (1-1000)"
          type="number"
        />
        <FormField
          name="maxBookingsPerDay"
          label="Calls booked per day, site-wide (1-10000)"
          type="number"
        />
      </div>
      <p className="text-xs text-slate-600">
        Over either cap a lead is asked to reply to our email instead, and the Security Center
        counts the refused booking.
      </p>
    </FormDialog>
  );
}
