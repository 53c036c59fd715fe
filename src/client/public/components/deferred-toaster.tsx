import { lazy, Suspense } from 'react';
import { useToasts } from '../../lib/use-toast';

const Toaster = lazy(() =>
  import('../../components/ui/toaster').then((m) => ({ default: m.Toaster })),
);

/**
 * Mounts the one toast system (components/ui/toaster) only once a toast exists: public pages
 * rarely toast, and Radix Toast is a sizeable share of the initial JavaScript budget.
 */
export function DeferredToaster() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
