import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from './page-states';

/** What QueryState reads from a tRPC useQuery result. */
interface StateQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: { message: string } | null;
  data: T | undefined;
}

/** A query's place on a screen: the loading line, the failure with its reason, or its data drawn. */
export function QueryState<T>({
  query,
  loadingText,
  errorTitle,
  children,
}: {
  query: StateQuery<T>;
  loadingText: string;
  errorTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState text={loadingText} />;
  if (query.isError) return <ErrorState title={errorTitle} message={query.error?.message} />;
  return children(query.data as T);
}
