import { whenIdle } from '../../lib/when-idle';

/**
 * Renders the sections marked `defer-render` (site.css) one per idle period, after the page has
 * hydrated: each costs its own short task instead of all of them lengthening the first render.
 * Returns a cleanup that stops the remaining ones (they then render as they near the viewport).
 */
export function revealDeferredSections(): () => void {
  const pending = [...document.querySelectorAll<HTMLElement>('.defer-render:not([data-rendered])')];
  const next = () => {
    const section = pending.shift();
    if (!section) return;
    section.dataset.rendered = '';
    cancel = whenIdle(next, 1000, 50);
  };
  let cancel = whenIdle(next, 1000, 50);
  return () => {
    pending.length = 0;
    cancel();
  };
}
