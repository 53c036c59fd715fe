import { PAGE_LOADERS } from '../page-loaders';

/**
 * Once the page has loaded and hydrated and the browser is idle, fetch the other pages' chunks so
 * the first client-side navigation renders at once instead of flashing an empty Suspense
 * fallback. One page per idle period: each import also evaluates its chunk, and together they
 * would make a task long enough to delay a tap.
 */
export function prefetchPagesWhenIdle(): () => void {
  const queue = Object.values(PAGE_LOADERS);
  let handle: number | ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  // Safari has no requestIdleCallback.
  const idle = (fn: () => void) =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(fn, { timeout: 4000 })
      : setTimeout(fn, 200);
  const next = () => {
    const load = queue.shift();
    if (!load || stopped) return;
    void load().finally(() => {
      if (!stopped) handle = idle(next);
    });
  };
  const schedule = () => (handle = idle(next));
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    stopped = true;
    window.removeEventListener('load', schedule);
    if (typeof handle === 'number' && typeof window.cancelIdleCallback === 'function')
      window.cancelIdleCallback(handle);
    else clearTimeout(handle);
  };
}
