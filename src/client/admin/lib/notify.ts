import { TRPCClientError } from '@trpc/client';
import { toast } from '../../lib/use-toast';
import { capitalize } from './format';

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

/**
 * The useMutation options of a back-office write: a success or failure toast, then `refresh`
 * (refetch what the write may have changed) either way.
 */
export function notifyWrite(success: string, failure: string, refresh: () => unknown) {
  return {
    onSuccess: () => notifySuccess(success),
    onError: (error: unknown) => notifyError(failure, error),
    onSettled: refresh,
  };
}

/** notifyWrite with the product's CRUD sentences: 'User created successfully', 'Failed to create user'. */
export function notifyCrud(
  verb: 'create' | 'update' | 'delete' | 'save',
  subject: string,
  refresh: () => unknown,
) {
  return notifyWrite(
    `${capitalize(subject)} ${verb}d successfully`,
    `Failed to ${verb} ${subject}`,
    refresh,
  );
}

/** notifyWrite for sending a failed message again: 'The delivery is queued to be sent again'. */
export function notifyRetry(what: string, refresh: () => unknown) {
  return notifyWrite(
    `The ${what} is queued to be sent again`,
    `Failed to retry the ${what}`,
    refresh,
  );
}
