import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import {
  ZTwoFactorDisable,
  ZTwoFactorEnable,
  ZTwoFactorSetupInput,
  type TTwoFactorSetup,
} from '../../../shared/account-security.schema';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { trpc } from '../../lib/trpc';
import { OneTimeSecretDialog } from '../components/one-time-secret-dialog';
import { Form, formFields } from '../components/form';
import { useSchemaForm } from '../lib/schema-form';
import { notifyError, notifySuccess } from '../lib/notify';

const { FormField } = formFields<{ password?: string; code?: string }>();

/** The account's password, as the browser's password manager fills it in. */
function PasswordField({ id, label }: { id: string; label: string }) {
  return (
    <FormField
      name="password"
      id={id}
      label={label}
      type="password"
      autoComplete="current-password"
    />
  );
}

/** First the password (a stolen session alone must not enrol an authenticator), then the key. */
function SetUp({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<TTwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const passwordForm = useSchemaForm(ZTwoFactorSetupInput, { password: '' });
  const codeForm = useSchemaForm(ZTwoFactorEnable, { code: '' });
  const begin = trpc.auth.twoFactorSetup.useMutation({
    onSuccess: setSetup,
    onError: (e) =>
      e.data?.errorCode === 'VALIDATION_FAILED' || e.data?.errorCode === 'RATE_LIMITED'
        ? passwordForm.setError('password', { type: 'server', message: e.message })
        : notifyError('Could not start the set-up', e),
  });
  const enable = trpc.auth.twoFactorEnable.useMutation({
    onSuccess: (result) => setRecoveryCodes(result.recoveryCodes),
    onError: (e) => codeForm.setError('code', { type: 'server', message: e.message }),
  });

  if (!setup)
    return (
      <Form
        form={passwordForm}
        className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_max-content] sm:items-start"
        onSubmit={(data) => begin.mutate(data)}
      >
        <PasswordField id="setup-password" label="Your password" />
        <Button type="submit" disabled={begin.isPending} className="sm:mt-6">
          <ShieldCheck aria-hidden /> Set Up Two-Factor Authentication
        </Button>
      </Form>
    );
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_1fr]">
      <img
        className="size-44 rounded-lg border border-slate-200 bg-white p-2"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code to scan with your authenticator app"
      />
      <Form form={codeForm} className="space-y-3" onSubmit={(data) => enable.mutate(data)}>
        <p className="text-sm text-slate-700">
          Scan the QR code with an authenticator app (Google Authenticator, 1Password, Authy...), or
          type this key:
        </p>
        <code
          className="block break-all rounded bg-slate-100 px-2 py-1 text-sm"
          data-testid="totp-secret"
        >
          {setup.secret}
        </code>
        <FormField
          name="code"
          id="enable-code"
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <Button type="submit" disabled={enable.isPending}>
          Turn On
        </Button>
      </Form>
      {recoveryCodes && (
        <OneTimeSecretDialog
          text={{
            title: 'Save your recovery codes',
            description:
              'Each code signs you in once if you lose your phone. They are shown only now.',
          }}
          secret={{
            label: 'Recovery codes',
            value: recoveryCodes.join(' '),
            testId: 'recovery-codes',
          }}
          onClose={() => {
            setRecoveryCodes(null);
            notifySuccess('Two-factor authentication is on');
            onDone();
          }}
        >
          Keep them somewhere safe, such as a password manager.
        </OneTimeSecretDialog>
      )}
    </div>
  );
}

/** Turning it off takes the password and a code (or a recovery code). */
function TurnOff({ onDone }: { onDone: () => void }) {
  const form = useSchemaForm(ZTwoFactorDisable, { password: '', code: '' });
  const disable = trpc.auth.twoFactorDisable.useMutation({
    onSuccess: () => {
      notifySuccess('Two-factor authentication is off');
      onDone();
    },
    onError: (e) =>
      form.setError(e.data?.fieldErrors?.password ? 'password' : 'code', {
        type: 'server',
        message: e.message,
      }),
  });
  return (
    <Form
      form={form}
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      onSubmit={(data) => disable.mutate(data)}
    >
      <PasswordField id="disable-password" label="Password" />
      <FormField
        name="code"
        id="disable-code"
        label="Code or recovery code"
        autoComplete="one-time-code"
      />
      <Button type="submit" variant="destructive" disabled={disable.isPending}>
        Turn Off
      </Button>
    </Form>
  );
}

export function TwoFactorCard() {
  const me = trpc.auth.me.useQuery();
  const utils = trpc.useUtils();
  const refresh = () => void utils.auth.me.invalidate();
  const on = Boolean(me.data?.twoFactorEnabled);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-Factor Authentication</CardTitle>
        <CardDescription>
          {on
            ? 'On: signing in takes your password and a code from your authenticator app.'
            : 'Off: add a code from an authenticator app to your password.'}
        </CardDescription>
      </CardHeader>
      <CardContent>{on ? <TurnOff onDone={refresh} /> : <SetUp onDone={refresh} />}</CardContent>
    </Card>
  );
}
