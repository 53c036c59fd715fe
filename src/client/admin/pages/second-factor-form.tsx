import { useState, type FormEvent } from 'react';
import { ZSecondFactor } from '../../../shared/account-security.schema';
import { Button } from '../../components/ui/button';
import { trpc } from '../../lib/trpc';
import { TextField } from '../components/text-field';

/**
 * The second step of a two-factor sign-in: a 6-digit code from the authenticator app, or one
 * of the recovery codes. `onSignedIn` runs after the server started the session.
 */
export function SecondFactorForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const complete = trpc.auth.loginSecondFactor.useMutation({
    onSuccess: onSignedIn,
    onError: (e) => setError(e.message),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = useRecovery ? { recoveryCode: value } : { code: value };
    const parsed = ZSecondFactor.safeParse(input);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    complete.mutate(parsed.data);
  }

  const pending = complete.isPending || complete.isSuccess;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        {useRecovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <TextField
        id={useRecovery ? 'recovery-code' : 'totp-code'}
        label={useRecovery ? 'Recovery code' : 'Authentication code'}
        autoComplete="one-time-code"
        inputMode={useRecovery ? 'text' : 'numeric'}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Verifying...' : 'Verify'}
      </Button>
      <button
        type="button"
        className="w-full text-center text-sm font-medium text-primary hover:underline"
        onClick={() => {
          setUseRecovery(!useRecovery);
          setValue('');
          setError(undefined);
        }}
      >
        {useRecovery ? 'Use a code from the app instead' : 'Use a recovery code'}
      </button>
    </form>
  );
}
