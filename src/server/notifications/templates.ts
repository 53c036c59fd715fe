import { renderTemplate, type TemplateValues } from '../../shared/notifications.schema';

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/**
 * The HTML part: the rendered text, escaped (lead input is attacker-controlled), paragraphs and
 * line breaks kept, links made clickable. No images, so no tracking pixels.
 */
export function renderHtml(template: string, values: TemplateValues): string {
  return textToHtml(renderTemplate(template, values));
}

/** Plain text as the HTML part: escaped, paragraphs and line breaks kept, links clickable. */
export function textToHtml(text: string): string {
  const paragraphs = escapeHtml(text)
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replaceAll('\n', '<br>')}</p>`)
    .join('\n');
  const linked = paragraphs.replace(/https?:\/\/[^\s<&]+/g, (url) => `<a href="${url}">${url}</a>`);
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">\n${linked}\n</body></html>`;
}
