import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { browserTimeZone } from '../../lib/call-times';
import { trpc } from '../../lib/trpc';
import { notifyWrite } from '../lib/notify';
import { TimeZoneForm } from '../time-zone/time-zone-form';
import { useCurrentUser } from '../use-current-user';

/** The zone the back office shows the signed-in user's times in (taken from the browser at first). */
export function TimeZoneCard() {
  const utils = trpc.useUtils();
  const me = useCurrentUser().data;
  const save = trpc.admin.users.setMyTimeZone.useMutation(
    notifyWrite('Your time zone is saved', 'Failed to save your time zone', () =>
      utils.auth.me.invalidate(),
    ),
  );
  const browser = browserTimeZone();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Time Zone</CardTitle>
        <CardDescription>
          Every time in the back office is shown in this zone, and says so.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {me && (
          <TimeZoneForm
            key={me.timeZone ?? browser}
            label="My time zone"
            saved={me.timeZone ?? browser}
            pending={save.isPending}
            onSave={(timeZone) => save.mutate({ timeZone })}
            suggestion={{ zone: browser, label: `Use this device's (${browser})` }}
          />
        )}
      </CardContent>
    </Card>
  );
}
