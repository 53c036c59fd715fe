import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { pageMeta } from '../content/seo.content';

/**
 * wouter keeps the scroll position between routes; a marketing site should open each page at the
 * top, or at the #anchor the link points to.
 */
export function useScrollOnNavigate() {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const hash = window.location.hash.slice(1);
    if (hash) {
      document.getElementById(hash)?.scrollIntoView();
    } else if (!first.current) {
      window.scrollTo(0, 0);
    }
    first.current = false;
  }, [location]);
}

/** Prerendered pages carry their own <title>; client-side navigation has to update it. */
export function useDocumentTitle() {
  const [location] = useLocation();
  useEffect(() => {
    document.title = pageMeta(location).title;
  }, [location]);
}
