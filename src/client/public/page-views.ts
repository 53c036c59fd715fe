// One page view per page shown, sent to our own server (POST /api/collect): no cookie, nothing
// kept in the browser. The landing page is sent after the load event, so counting costs the
// page nothing before it is ready; pages reached by client-side navigation are sent at once.

let sent: string | null = null;

function send(landing: boolean): void {
  const url = window.location.href;
  if (url === sent) return;
  sent = url;
  const body = JSON.stringify({
    url,
    // Only the landing page has a referrer of interest: later ones are our own pages.
    ...(landing && document.referrer ? { referrer: document.referrer } : {}),
    width: window.innerWidth,
  });
  // sendBeacon sends it as text/plain, outliving the page; fetch keepalive where it is missing.
  if (!navigator.sendBeacon?.('/api/collect', body))
    void fetch('/api/collect', { method: 'POST', body, keepalive: true }).catch(() => {});
}

/** Counts the page now shown (call on every location the public pages show). */
export function countPageView(): void {
  const landing = sent === null;
  if (landing && document.readyState !== 'complete')
    window.addEventListener('load', () => send(true), { once: true });
  else send(landing);
}
