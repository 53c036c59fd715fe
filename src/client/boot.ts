import { PAGE_LOADERS, pageKeyFor } from './public/page-loaders';

/**
 * The one script a prerendered page loads before its load event. The page is complete and styled
 * without JavaScript (its CSS inlined by scripts/prerender.ts), so the app and the page's chunk
 * are fetched once the page has loaded and painted: they never compete with the first paint for
 * bandwidth or the main thread. The admin shell arrives empty and starts at once.
 *
 * React is evaluated first, in a task of its own; the app's modules (whose evaluation hydrates
 * the page, in slices: main.tsx) and the page's chunk follow in later tasks. Evaluated together,
 * they made one long task (Total Blocking Time).
 */
async function start() {
  await import('react-dom/client');
  await new Promise((resolve) => setTimeout(resolve, 0));
  const page = pageKeyFor(window.location.pathname);
  // The page's chunk alongside the app, not after it (React.lazy asks for the same module).
  if (page) void PAGE_LOADERS[page]();
  await import('./main');
}

function once(run: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    run();
  };
}

/** Runs `run` after the first contentful paint (or 3 s, where paint timing is missing). */
function afterFirstPaint(run: () => void) {
  const go = once(run);
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (painted()) return go();
  if (typeof PerformanceObserver === 'function') {
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      go();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  setTimeout(go, 3000);
}

const run = () => void start();
const prerendered = !!document.getElementById('root')?.firstElementChild;
if (!prerendered) run();
else if (document.readyState === 'complete') afterFirstPaint(run);
else window.addEventListener('load', () => afterFirstPaint(run), { once: true });
