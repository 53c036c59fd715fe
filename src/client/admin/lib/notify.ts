import { TRPCClientError } from '@trpc/client';
import { toast } from '../../lib/use-toast';

/** The product's success toast: title 'Success', the action's sentence as description. */
export function notifySuccess(description: string, title = 'Success'): void {
  toast({ title, description });
}

/**
 * The product's failure toast ('Error' / 'Failed to ...'). When the server explains a refusal
 * (a conflict, bad input, not found), its reason follows, so the admin learns why.
 */
export function notifyError(description: string, error?: unknown, title = 'Error'): void {
  const reason = serverReason(error);
  toast({
    title,
    description: reason ? `${description}: ${reason}` : description,
    variant: 'destructive',
  });
}

/** A readable reason from a tRPC error, or null for internal errors and network failures. */
export function serverReason(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const code = (error.data as { code?: string } | undefined)?.code;
  if (!code || code === 'INTERNAL_SERVER_ERROR') return null;
  return error.message || null;
}
