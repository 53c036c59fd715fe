import { useState, type FormEvent } from 'react';
import { ZSecuritySettings, type TSecuritySettings } from '../../../shared/security.schema';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Switch } from '../../components/ui/switch';
import { trpc } from '../../lib/trpc';
import { LoadingState } from '../components/page-states';
import { TextField } from '../components/text-field';
import { fieldErrors } from '../lib/form-errors';
import { notifyError, notifySuccess } from '../lib/notify';

const SWITCHES: readonly { key: keyof TSecuritySettings; label: string; hint: string }[] = [
  {
    key: 'rateLimitEnabled',
    label: 'Rate limiting',
    hint: 'Limit submissions per client IP per hour',
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
    hint: 'Refuse link stuffing, spam phrases and gibberish',
  },
];

function SettingsForm({ initial }: { initial: TSecuritySettings }) {
  const utils = trpc.useUtils();
  const [values, setValues] = useState({
    ...initial,
    maxSubmissionsPerHour: String(initial.maxSubmissionsPerHour),
    minFormFillTime: String(initial.minFormFillTime),
  });
  const [errors, setErrors] = useState<Partial<Record<keyof TSecuritySettings, string>>>({});
  const save = trpc.admin.security.updateSettings.useMutation({
    onSuccess: () => notifySuccess('Security settings saved successfully'),
    onError: (e) => notifyError('Failed to save security settings', e),
    onSettled: () => utils.admin.security.invalidate(),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZSecuritySettings.safeParse({
      ...values,
      maxSubmissionsPerHour: Number(values.maxSubmissionsPerHour),
      minFormFillTime: Number(values.minFormFillTime),
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {SWITCHES.map(({ key, label, hint }) => (
        <div key={key} className="flex items-center justify-between gap-4">
          <div>
            <p id={`${key}-label`} className="text-sm font-medium text-slate-900">
              {label}
            </p>
            <p className="text-xs text-slate-600">{hint}</p>
          </div>
          <Switch
            aria-labelledby={`${key}-label`}
            checked={Boolean(values[key])}
            onCheckedChange={(v) => setValues({ ...values, [key]: v })}
          />
        </div>
      ))}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id="max-per-hour"
          label="Max submissions per hour"
          type="number"
          min={1}
          max={100}
          value={values.maxSubmissionsPerHour}
          onChange={(e) => setValues({ ...values, maxSubmissionsPerHour: e.target.value })}
          error={errors.maxSubmissionsPerHour}
        />
        <TextField
          id="min-fill-time"
          label="Minimum form fill time (seconds)"
          type="number"
          min={1}
          max={60}
          value={values.minFormFillTime}
          onChange={(e) => setValues({ ...values, minFormFillTime: e.target.value })}
          error={errors.minFormFillTime}
        />
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </form>
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
