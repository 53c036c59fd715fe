/**
 * Runs `fn` when the browser is idle (at the latest after `timeoutMs`); Safari has no
 * requestIdleCallback, so there a plain timer of `fallbackMs`. Returns a cancel function.
 */
export function whenIdle(fn: () => void, timeoutMs: number, fallbackMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(fn, fallbackMs);
  return () => clearTimeout(id);
}
