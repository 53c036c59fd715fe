/** Tiny helpers for writing the site's SVG illustrations by code (build-time tool, not app code). */

export const C = {
  ink: '#0B1020',
  ink2: '#151B31',
  ink3: '#222A45',
  primary: '#4F46E5',
  primaryLight: '#818CF8',
  primary50: '#EEF2FF',
  accent: '#14B8A6',
  accentLight: '#5EEAD4',
  slate100: '#F1F5F9',
  slate200: '#E2E8F0',
  slate300: '#CBD5E1',
  slate400: '#94A3B8',
  slate600: '#475569',
  slate900: '#0F172A',
  white: '#FFFFFF',
} as const;

const FONT = "Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export function svg(width: number, height: number, body: string, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img"><title>${title}</title>${body}</svg>\n`;
}

export function rect(
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  r = 0,
  extra = '',
): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}" ${extra}/>`;
}

export function text(
  x: number,
  y: number,
  content: string,
  size: number,
  fill: string,
  weight = 400,
  anchor = 'start',
): string {
  const safe = content.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${safe}</text>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
}

/** Gradient + glow background shared by the dark illustrations. */
export function darkBackdrop(w: number, h: number, id: string): string {
  return `<defs><radialGradient id="${id}a" cx="85%" cy="0%" r="80%"><stop offset="0" stop-color="${C.primary}" stop-opacity=".55"/><stop offset="1" stop-color="${C.primary}" stop-opacity="0"/></radialGradient><radialGradient id="${id}b" cx="0%" cy="100%" r="70%"><stop offset="0" stop-color="${C.accent}" stop-opacity=".35"/><stop offset="1" stop-color="${C.accent}" stop-opacity="0"/></radialGradient></defs>${rect(0, 0, w, h, C.ink)}${rect(0, 0, w, h, `url(#${id}a)`)}${rect(0, 0, w, h, `url(#${id}b)`)}`;
}

export function lightBackdrop(w: number, h: number, id: string, tint: string): string {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.primary50}"/><stop offset="1" stop-color="${tint}"/></linearGradient></defs>${rect(0, 0, w, h, `url(#${id})`)}`;
}

/** Deterministic pseudo-random numbers so regenerated files are byte-identical. */
export function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

/** Vertical waveform bars centred on `cy`. */
export function waveform(
  x: number,
  cy: number,
  width: number,
  bars: number,
  maxH: number,
  colors: [string, string],
  seed = 7,
): string {
  const rnd = seeded(seed);
  const step = width / bars;
  let out = '';
  for (let i = 0; i < bars; i++) {
    const envelope = Math.sin((i / bars) * Math.PI) * 0.7 + 0.3;
    const h = Math.max(4, maxH * envelope * (0.35 + rnd() * 0.65));
    out += rect(
      x + i * step,
      cy - h / 2,
      Math.max(2, step * 0.55),
      h,
      i % 3 === 0 ? colors[1] : colors[0],
      2,
    );
  }
  return out;
}

export function chip(
  x: number,
  y: number,
  label: string,
  fill: string,
  color: string,
  size = 13,
): string {
  const w = label.length * size * 0.58 + 24;
  return (
    rect(x, y, w, size + 14, fill, (size + 14) / 2) +
    text(x + 12, y + size + 3, label, size, color, 600)
  );
}
