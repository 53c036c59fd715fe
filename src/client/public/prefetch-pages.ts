import { whenIdle } from '../lib/when-idle';
import { PAGE_LOADERS } from './page-loaders';

/**
 * Once the page has loaded and hydrated and the browser is idle, fetch the other pages' chunks so
 * the first client-side navigation renders at once instead of flashing an empty Suspense
 * fallback. One page per idle period: each import also evaluates its chunk, and together they
 * would make a task long enough to delay a tap.
 */
export function prefetchPagesWhenIdle(): () => void {
  const queue = Object.values(PAGE_LOADERS);
  let cancel = () => {};
  let stopped = false;
  const next = () => {
    const load = queue.shift();
    if (!load || stopped) return;
    void load().finally(() => {
      if (!stopped) cancel = whenIdle(next, 4000, 200);
    });
  };
  const schedule = () => (cancel = whenIdle(next, 4000, 200));
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    stopped = true;
    window.removeEventListener('load', schedule);
    cancel();
  };
}
