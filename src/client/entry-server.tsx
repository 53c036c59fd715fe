import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { PUBLIC_ROUTES } from './public/public-routes';
import { App } from './routes';
import {
  DEFAULT_SITE_ORIGIN,
  NOT_FOUND_META,
  pageMeta,
  type PageMeta,
} from './public/content/seo.content';

export { PUBLIC_ROUTES };

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The <head> tags of one page: title, description, canonical and Open Graph / Twitter cards. */
export function headTags(meta: PageMeta, origin = DEFAULT_SITE_ORIGIN): string {
  const url = `${origin}${meta.path === '/' ? '/' : meta.path}`;
  const image = `${origin}/og-image.png`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    meta.noindex
      ? '<meta name="robots" content="noindex" />'
      : `<link rel="canonical" href="${url}" />`,
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="Convoza" />',
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    '<meta name="twitter:card" content="summary_large_image" />',
  ];
  return tags.join('\n    ');
}

async function renderApp(url: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath={url}>
        <App />
      </Router>
    </StrictMode>,
  );
  return new Response(prelude).text();
}

/** Prerenders one route; unknown routes render the 404 page with noindex. */
export async function render(
  url: string,
  origin?: string,
): Promise<{ html: string; head: string }> {
  const known = PUBLIC_ROUTES.includes(url);
  const meta = known ? pageMeta(url) : NOT_FOUND_META;
  return { html: await renderApp(url), head: headTags(meta, origin) };
}
