import { useCallback, useState } from 'react';

/**
 * Contacts picked on the list: single ids, or "all matching the filter" (which may be far more
 * than the loaded pages). Starts over whenever the filter changes (`resetKey`).
 */
export function useSelection(loadedIds: readonly number[], resetKey: string) {
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const clear = useCallback(() => {
    setPicked(new Set());
    setAllMatching(false);
  }, []);
  // Reset during render when the filter changed (React's pattern for state derived from props).
  const [key, setKey] = useState(resetKey);
  if (key !== resetKey) {
    setKey(resetKey);
    clear();
  }

  const isSelected = (id: number) => allMatching || picked.has(id);
  const allLoaded = loadedIds.length > 0 && loadedIds.every(isSelected);
  return {
    picked,
    allMatching,
    isSelected,
    allLoaded,
    any: allMatching || picked.size > 0,
    clear,
    selectAllMatching: () => setAllMatching(true),
    toggle: (id: number) => {
      // Unticking one row of "all matching" keeps the other loaded rows ticked.
      const next = new Set(allMatching ? loadedIds : picked);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      setAllMatching(false);
      setPicked(next);
    },
    toggleAllLoaded: () => {
      setAllMatching(false);
      setPicked(allLoaded ? new Set() : new Set(loadedIds));
    },
  };
}
