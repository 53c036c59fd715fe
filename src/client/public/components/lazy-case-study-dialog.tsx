import { lazy, Suspense, useState } from 'react';
import type { CaseStudy } from '../content/marketing.types';

const CaseStudyDialog = lazy(() =>
  import('./case-study-dialog').then((m) => ({ default: m.CaseStudyDialog })),
);

/**
 * Loads the dialog code (Radix Dialog and the full write-ups) on the first open only, then keeps
 * it mounted so Radix can close it and return focus to the card as usual.
 */
export function LazyCaseStudyDialog({
  study,
  onClose,
}: {
  study: CaseStudy | null;
  onClose: () => void;
}) {
  const [wanted, setWanted] = useState(false);
  if (study && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CaseStudyDialog study={study} onClose={onClose} />
    </Suspense>
  );
}
