import { useState } from 'react';
import { ZSecondFactor, type TSecondFactorInput } from '../../../shared/account-security.schema';
import { Button } from '../../components/ui/button';
import { trpc } from '../../lib/trpc';
import { Form, formFields } from '../components/form';
import { useSchemaForm } from '../lib/schema-form';

/** The second step's two kinds of answer; the form checks them with the shared schema. */
const STEPS = {
  code: {
    id: 'totp-code',
    label: 'Authentication code',
    hint: 'Enter the 6-digit code from your authenticator app.',
    inputMode: 'numeric',
  },
  recoveryCode: {
    id: 'recovery-code',
    label: 'Recovery code',
    hint: 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.',
    inputMode: 'text',
  },
} as const;
type Step = keyof typeof STEPS;

const { FormField } = formFields<TSecondFactorInput>('second-factor');

function StepForm({ step, onSignedIn }: { step: Step; onSignedIn: () => void }) {
  const { id, label, hint, inputMode } = STEPS[step];
  const form = useSchemaForm(ZSecondFactor, { [step]: '' });
  const complete = trpc.auth.loginSecondFactor.useMutation({
    onSuccess: onSignedIn,
    // Every refusal (a wrong code, too many tries) is about the one field there is.
    onError: (error) => form.setError(step, { type: 'server', message: error.message }),
  });
  const pending = complete.isPending || complete.isSuccess;
  return (
    <Form form={form} className="space-y-4" onSubmit={(data) => complete.mutate(data)}>
      <p className="text-sm text-slate-600">{hint}</p>
      <FormField
        name={step}
        id={id}
        label={label}
        autoComplete="one-time-code"
        inputMode={inputMode}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Verifying...' : 'Verify'}
      </Button>
    </Form>
  );
}

/**
 * The second step of a two-factor sign-in: a 6-digit code from the authenticator app, or one
 * of the recovery codes. `onSignedIn` runs after the server started the session.
 */
export function SecondFactorForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [step, setStep] = useState<Step>('code');
  return (
    <div className="space-y-4">
      <StepForm key={step} step={step} onSignedIn={onSignedIn} />
      <button
        type="button"
        className="w-full text-center text-sm font-medium text-primary hover:underline"
        onClick={() => setStep(step === 'code' ? 'recoveryCode' : 'code')}
      >
        {step === 'recoveryCode' ? 'Use a code from the app instead' : 'Use a recovery code'}
      </button>
    </div>
  );
}
