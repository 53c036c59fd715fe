import { Button } from '../../components/ui/button';

/** 'Retry' for a failed send (an email, a webhook delivery); 'Retrying...' while it is queued again. */
export function RetryButton({ pending, onRetry }: { pending: boolean; onRetry: () => void }) {
  return (
    <Button size="sm" variant="secondary" disabled={pending} onClick={onRetry}>
      {pending ? 'Retrying...' : 'Retry'}
    </Button>
  );
}
