import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { trpc } from '../../lib/trpc';
import { notifyWrite } from '../lib/notify';
import { TimeZoneForm } from '../time-zone/time-zone-form';

/** Where the analytics draw their days and business hours; changing it recounts them. */
export function CompanyTimeZone({ timeZone }: { timeZone: string }) {
  const utils = trpc.useUtils();
  const save = trpc.admin.organization.updateSettings.useMutation(
    notifyWrite('The company time zone is saved', 'Failed to save the company time zone', () =>
      Promise.all([utils.analytics.invalidate(), utils.admin.organization.invalidate()]),
    ),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Company Time Zone</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-slate-600">
          Days are counted from midnight in <strong>{timeZone.replaceAll('_', ' ')}</strong>, and
          business hours are Monday to Friday, 09:00–17:00 there.
        </p>
        <TimeZoneForm
          key={timeZone}
          label="Company time zone"
          saved={timeZone}
          pending={save.isPending}
          onSave={(zone) => save.mutate({ timeZone: zone })}
        />
      </CardContent>
    </Card>
  );
}
