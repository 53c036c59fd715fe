import { ZSecuritySettings, type TSecuritySettings } from '../../../shared/security.schema';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { trpc } from '../../lib/trpc';
import { LoadingState } from '../components/page-states';
import { Form, formFields } from '../components/form';
import { notifyCrud } from '../lib/notify';
import { saveThrough, useSchemaForm } from '../lib/schema-form';

type SwitchKey = Exclude<
  keyof TSecuritySettings,
  'maxSubmissionsPerHour' | 'minFormFillTime' | 'integrationKeyHourlyLimit' | 'auditRetentionDays'
>;

const SWITCHES: readonly { key: SwitchKey; label: string; hint: string }[] = [
  {
    key: 'rateLimitEnabled',
    label: 'Rate limiting',
    hint: 'Past the hourly limit a network’s submissions wait in quarantine; past 10× it they are refused',
  },
  {
    key: 'honeypotEnabled',
    label: 'Honeypot field',
    hint: 'Catch bots that fill the hidden field',
  },
  {
    key: 'botDetectionEnabled',
    label: 'Bot detection',
    hint: 'Refuse automation tools and forms sent faster than a person can',
  },
  {
    key: 'suspiciousContentFiltering',
    label: 'Suspicious content filtering',
    hint: 'Hold link stuffing, spam phrases and gibberish in quarantine for review',
  },
  {
    key: 'requireAdminTwoFactor',
    label: 'Require 2FA for admins',
    hint: 'Admins must set up two-factor sign-in before using the back office',
  },
];

const { FormField, FormSwitch } = formFields<TSecuritySettings>('security');

function SettingsForm({ initial }: { initial: TSecuritySettings }) {
  const utils = trpc.useUtils();
  const form = useSchemaForm(ZSecuritySettings, initial);
  const save = trpc.admin.security.updateSettings.useMutation(
    notifyCrud('save', 'security settings', () => utils.admin.security.invalidate()),
  );

  return (
    <Form form={form} className="space-y-4" onSubmit={saveThrough(form, save)}>
      {SWITCHES.map(({ key, label, hint }) => (
        <FormSwitch key={key} name={key} label={label} hint={hint} />
      ))}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField
          name="maxSubmissionsPerHour"
          id="max-per-hour"
          label="Max submissions per hour"
          type="number"
          min={1}
          max={100}
        />
        <FormField
          name="minFormFillTime"
          id="min-fill-time"
          label="Minimum form fill time (seconds)"
          type="number"
          min={1}
          max={60}
        />
        <FormField
          name="integrationKeyHourlyLimit"
          id="integration-key-limit"
          label="Submissions per integration key per hour"
          type="number"
          min={1}
          max={100000}
        />
        <FormField
          name="auditRetentionDays"
          id="audit-retention"
          label="Keep audit log entries (days)"
          type="number"
          min={30}
          max={3650}
        />
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </Form>
  );
}

export function SecuritySettingsPanel() {
  const settings = trpc.admin.security.settings.useQuery();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Protection Settings</CardTitle>
        <CardDescription>How the contact form defends itself against spam and bots</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <LoadingState text="Loading settings..." />
        ) : settings.isError ? (
          <p className="py-6 text-center text-sm text-slate-600">
            Settings are not available yet. They can be changed here once the security service
            reports them.
          </p>
        ) : (
          <SettingsForm initial={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}
