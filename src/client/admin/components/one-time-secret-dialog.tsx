import { Check, Copy, KeyRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { DialogFooter } from '../../components/ui/dialog';
import { TitledDialog } from './titled-dialog';
import { notifyError } from '../lib/notify';

/**
 * A secret the server shows once (a webhook signing secret, an integration key), with a copy
 * button and the warning that it cannot be seen again; `children` explain how to use it.
 */
export function OneTimeSecretDialog({
  text: { title, description },
  secret: { label, value: secret, testId },
  children,
  onClose,
}: {
  /** The header: what was made, and which one (a key's name, an endpoint's URL). */
  text: { title: string; description: string };
  /** The secret: what it is (e.g. "Signing secret"), its value, and the test id of its text. */
  secret: { label: string; value: string; testId: string };
  children: ReactNode;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      notifyError(`Copying failed: select the ${label.toLowerCase()} and copy it by hand`);
    }
  };
  return (
    <TitledDialog
      onClose={onClose}
      title={title}
      description={description}
      descriptionClassName="break-all"
    >
      <div className="min-w-0 space-y-3">
        <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
          <KeyRound className="size-4 text-primary" aria-hidden /> {label}
        </p>
        <div className="flex items-stretch gap-2">
          <code
            data-testid={testId}
            className="min-w-0 flex-1 break-all rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900"
          >
            {secret}
          </code>
          <Button
            variant="secondary"
            onClick={() => void copy()}
            aria-label={`Copy the ${label.toLowerCase()}`}
          >
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <div
          role="note"
          className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          Copy it now: <strong>you will not see it again.</strong> {children}
        </div>
      </div>
      <DialogFooter>
        <Button onClick={onClose}>Done</Button>
      </DialogFooter>
    </TitledDialog>
  );
}
