import type { TWebhookCreated } from '../../../shared/webhooks.schema';
import { OneTimeSecretDialog } from '../components/one-time-secret-dialog';

/** The signing secret of a new endpoint, shown this once (the API never returns it again). */
export function WebhookSecretDialog({
  created,
  onClose,
}: {
  created: TWebhookCreated;
  onClose: () => void;
}) {
  return (
    <OneTimeSecretDialog
      text={{ title: 'Endpoint added', description: created.url }}
      secret={{ label: 'Signing secret', value: created.secret, testId: 'webhook-secret' }}
      onClose={onClose}
    >
      Your receiver uses it to verify the <code className="font-mono">webhook-signature</code>{' '}
      header (Standard Webhooks). Lost it? Delete the endpoint and add it again.
    </OneTimeSecretDialog>
  );
}
