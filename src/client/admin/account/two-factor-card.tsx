import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TTwoFactorSetup } from '../../../shared/account-security.schema';
import { ZTotpCode } from '../../../shared/account-security.schema';
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
import { TextField } from '../components/text-field';
import { notifyError, notifySuccess } from '../lib/notify';

/** Scan (or type) the key, then confirm with a code; the recovery codes are shown once. */
function SetUp({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<TTwoFactorSetup | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const begin = trpc.auth.twoFactorSetup.useMutation({
    onSuccess: (result) => {
      setPassword('');
      setSetup(result);
    },
    onError: (e) =>
      e.data?.fieldErrors?.password || e.data?.httpStatus === 400
        ? setPasswordError(e.data?.fieldErrors?.password ?? e.message)
        : notifyError('Could not start the set-up', e),
  });
  const enable = trpc.auth.twoFactorEnable.useMutation({
    onSuccess: (result) => setRecoveryCodes(result.recoveryCodes),
    onError: (e) => setError(e.message),
  });

  function confirm(event: FormEvent) {
    event.preventDefault();
    const parsed = ZTotpCode.safeParse(code);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    enable.mutate({ code: parsed.data });
  }

  if (!setup)
    return (
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_max-content] sm:items-start"
        onSubmit={(e) => {
          e.preventDefault();
          if (!password) return setPasswordError('Password is required');
          setPasswordError(undefined);
          begin.mutate({ password });
        }}
      >
        <TextField
          id="setup-password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={passwordError}
        />
        <Button type="submit" disabled={begin.isPending} className="sm:mt-6">
          <ShieldCheck aria-hidden /> Set Up Two-Factor Authentication
        </Button>
      </form>
    );
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_1fr]">
      <img
        className="size-44 rounded-lg border border-slate-200 bg-white p-2"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code to scan with your authenticator app"
      />
      <form onSubmit={confirm} noValidate className="space-y-3">
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
        <TextField
          id="enable-code"
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
        />
        <Button type="submit" disabled={enable.isPending}>
          Turn On
        </Button>
      </form>
      {recoveryCodes && (
        <OneTimeSecretDialog
          title="Save your recovery codes"
          description="Each code signs you in once if you lose your phone. They are shown only now."
          label="Recovery codes"
          secret={recoveryCodes.join(' ')}
          testId="recovery-codes"
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
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const disable = trpc.auth.twoFactorDisable.useMutation({
    onSuccess: () => {
      notifySuccess('Two-factor authentication is off');
      onDone();
    },
    onError: (e) =>
      setError({ field: e.data?.fieldErrors?.password ? 'password' : 'code', message: e.message }),
  });
  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        disable.mutate({ password, code });
      }}
    >
      <TextField
        id="disable-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error?.field === 'password' ? error.message : undefined}
      />
      <TextField
        id="disable-code"
        label="Code or recovery code"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error?.field === 'code' ? error.message : undefined}
      />
      <Button type="submit" variant="destructive" disabled={disable.isPending}>
        Turn Off
      </Button>
    </form>
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
