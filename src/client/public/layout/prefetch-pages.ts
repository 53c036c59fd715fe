/**
 * After the page has loaded and the browser is idle, fetch the other pages' chunks so the first
 * client-side navigation renders at once instead of flashing an empty Suspense fallback.
 */
export function prefetchPagesWhenIdle(): () => void {
  let handle: number | ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    void import('../pages/home-page');
    void import('../pages/services-page');
    void import('../pages/case-studies-page');
    void import('../pages/about-page');
    void import('../pages/careers-page');
    void import('../pages/contact-page');
  };
  const schedule = () => {
    // Safari has no requestIdleCallback.
    handle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(run, { timeout: 4000 })
        : setTimeout(run, 2000);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (typeof handle === 'number' && typeof window.cancelIdleCallback === 'function')
      window.cancelIdleCallback(handle);
  };
}
