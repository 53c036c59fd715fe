/**
 * Renders the sections marked `defer-render` (site.css) one per idle period, after the page has
 * hydrated: each costs its own short task instead of all of them lengthening the first render.
 * Returns a cleanup that stops the remaining ones (they then render as they near the viewport).
 */
export function revealDeferredSections(): () => void {
  const pending = [...document.querySelectorAll<HTMLElement>('.defer-render:not([data-rendered])')];
  let handle: number | ReturnType<typeof setTimeout> | undefined;
  // Safari has no requestIdleCallback.
  const idle = (fn: () => void) =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(fn, { timeout: 1000 })
      : setTimeout(fn, 50);
  const next = () => {
    const section = pending.shift();
    if (!section) return;
    section.dataset.rendered = '';
    handle = idle(next);
  };
  handle = idle(next);
  return () => {
    pending.length = 0;
    if (typeof handle === 'number' && typeof window.cancelIdleCallback === 'function')
      window.cancelIdleCallback(handle);
    else clearTimeout(handle);
  };
}
