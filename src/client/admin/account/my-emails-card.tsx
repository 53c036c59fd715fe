import type { TNotificationPreferences } from '../../../shared/notifications.schema';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Switch } from '../../components/ui/switch';
import { trpc } from '../../lib/trpc';
import { InlineLoadError, LoadingState } from '../components/page-states';
import { notifyWrite } from '../lib/notify';

const CHOICES: { key: keyof TNotificationPreferences; label: string; hint: string }[] = [
  {
    key: 'newLeadEmail',
    label: 'New leads routed to me',
    hint: 'Round-robin gives you a lead: the alert comes to you too.',
  },
  {
    key: 'taskReminderEmail',
    label: 'Task reminders',
    hint: 'One email when a task of yours falls due.',
  },
];

/** The emails that come to the signed-in user personally, each one switched on or off. */
export function MyEmailsCard() {
  const utils = trpc.useUtils();
  const preferences = trpc.admin.notifications.myPreferences.useQuery();
  const save = trpc.admin.notifications.setMyPreferences.useMutation(
    notifyWrite('Your email choices are saved', 'Failed to save your email choices', () =>
      utils.admin.notifications.myPreferences.invalidate(),
    ),
  );
  const current = preferences.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>My Emails</CardTitle>
        <CardDescription>
          Emails sent to you alone; the lead alert list is separate.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.isError ? (
          <InlineLoadError what="Your email choices" message={preferences.error.message} />
        ) : !current ? (
          <LoadingState text="Loading your email choices..." />
        ) : (
          <ul className="space-y-4">
            {CHOICES.map(({ key, label, hint }) => (
              <li key={key} className="flex items-start justify-between gap-4">
                <div>
                  <p id={`my-email-${key}`} className="font-medium text-slate-900">
                    {label}
                  </p>
                  <p className="text-sm text-slate-600">{hint}</p>
                </div>
                <Switch
                  aria-labelledby={`my-email-${key}`}
                  checked={current[key]}
                  disabled={save.isPending}
                  onCheckedChange={(on) => save.mutate({ ...current, [key]: on })}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
