import { Check, Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import type { TWebhookCreated } from '../../../shared/webhooks.schema';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { notifyError } from '../lib/notify';

/** The signing secret of a new endpoint, shown this once (the API never returns it again). */
export function WebhookSecretDialog({
  created,
  onClose,
}: {
  created: TWebhookCreated;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
    } catch {
      notifyError('Copying failed: select the secret and copy it by hand');
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Endpoint added</DialogTitle>
          <DialogDescription className="break-all">{created.url}</DialogDescription>
        </DialogHeader>
        <div className="space-y-3">
          <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
            <KeyRound className="size-4 text-primary" aria-hidden /> Signing secret
          </p>
          <div className="flex items-stretch gap-2">
            <code
              data-testid="webhook-secret"
              className="min-w-0 flex-1 break-all rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900"
            >
              {created.secret}
            </code>
            <Button variant="secondary" onClick={() => void copy()} aria-label="Copy the secret">
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <p
            role="note"
            className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          >
            Copy it now: <strong>you will not see it again.</strong> Your receiver uses it to verify
            the <code className="font-mono">webhook-signature</code> header (Standard Webhooks).
            Lost it? Delete the endpoint and add it again.
          </p>
        </div>
        <DialogFooter>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
