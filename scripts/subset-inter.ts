/**
 * Inter for the public pages, cut down to the characters they use. The latin file of
 * @fontsource-variable/inter (48 KB, weights 100-900, every OpenType feature) was the largest
 * asset of every page; this subset keeps
 * - the printable ASCII range (form input, e-mail addresses and numbers look right whatever is
 *   typed) plus every other character found in the pages and their JavaScript,
 * - the whole wght axis (100-900: cutting it to the 400-700 the site uses saves 6 KB, but the
 *   instanced outlines render a few glyph edges differently),
 * - the features Chrome applies by default plus tnum (`tabular-nums`), without hinting (which
 *   changes no pixel in Chrome),
 * and comes to about 26 KB; pages render pixel for pixel as with the full font. It is a separate family, 'Inter Subset', first in --font-sans: a
 * character outside its unicode-range falls through to the full 'Inter Variable' faces (still in
 * the stylesheet), which the browser downloads only if such a character is ever shown.
 *
 * Built by scripts/prerender.ts during `npm run build` from the prerendered pages and the public
 * chunks (so it cannot fall behind the content); e2e/public-font-subset.test.ts checks the result.
 * On its own, `node --import tsx scripts/subset-inter.ts "some text"` prints the subset's size.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const SUBSET_FAMILY = 'Inter Subset';
/** The variable wght axis of the source font, kept whole. */
const WEIGHTS = { min: 100, max: 900 } as const;
/** Chrome's default shaping features, and tnum for `tabular-nums` (metric grids, badges). */
const FEATURES = [
  'ccmp',
  'locl',
  'mark',
  'mkmk',
  'rvrn',
  'kern',
  'liga',
  'clig',
  'calt',
  'rlig',
  'tnum',
];
/**
 * Always included: printable ASCII, and punctuation that server messages (shown in toasts) or
 * new content are likely to use even when no page uses it yet.
 */
const BASE = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xa9, 0xa9],
  [0xb7, 0xb7],
  [0xd7, 0xd7],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x203a, 0x203a],
] as const;

const require = createRequire(import.meta.url);
/** subset-font (hb-subset, HarfBuzz compiled to wasm) ships no types: the part used here. */
const subsetFont = require('subset-font') as (
  font: Buffer,
  text: string,
  options: {
    targetFormat: 'woff2';
    keepFeatures: string[];
    noHinting: boolean;
  },
) => Promise<Buffer>;
const FONTSOURCE = '@fontsource-variable/inter';

/** The full latin face (file and unicode-range) the subset is cut from. */
function latinFace(): { file: string; range: Set<number> } {
  const css = readFileSync(require.resolve(`${FONTSOURCE}/index.css`), 'utf8');
  const face = /\/\* inter-latin-wght-normal \*\/[\s\S]*?unicode-range:\s*([^;]+);/.exec(css);
  if (!face?.[1]) throw new Error(`${FONTSOURCE}/index.css has no inter-latin-wght-normal face`);
  return {
    file: require.resolve(`${FONTSOURCE}/files/inter-latin-wght-normal.woff2`),
    range: parseUnicodeRange(face[1]),
  };
}

/** `U+20-7E,U+A9,U+1F??` -> the code points it names. */
export function parseUnicodeRange(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const m = /^\s*U\+([0-9a-f?]+)(?:-([0-9a-f]+))?\s*$/i.exec(part);
    if (!m?.[1]) throw new Error(`Bad unicode-range part: ${part}`);
    // A wildcard (U+1F??) spans every value of its ? digits.
    const from = parseInt(m[1].replace(/\?/g, '0'), 16);
    const to = parseInt(m[2] ?? m[1].replace(/\?/g, 'f'), 16);
    for (let c = from; c <= to; c++) points.add(c);
  }
  return points;
}

/** The shortest unicode-range naming exactly these code points. */
export function unicodeRange(points: Iterable<number>): string {
  const sorted = [...new Set(points)].sort((a, b) => a - b);
  const parts: string[] = [];
  const hex = (c: number) => c.toString(16).toUpperCase();
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j++;
    const from = sorted[i] ?? 0;
    const to = sorted[j] ?? 0;
    parts.push(from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`);
    i = j + 1;
  }
  return parts.join(',');
}

/**
 * The characters a text can show: its own (HTML numeric entities and `&nbsp;` decoded, and the
 * `\uXXXX` / `\u{...}` escapes of minified JavaScript), without control characters.
 */
export function charactersIn(text: string): Set<number> {
  const decoded = text
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/\\u\{([0-9a-f]+)\}/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/\\u([0-9a-f]{4})/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)));
  const points = new Set<number>();
  for (const ch of decoded) {
    const c = ch.codePointAt(0) ?? 0;
    if (c >= 0x20 && (c < 0x7f || c > 0x9f)) points.add(c);
  }
  return points;
}

/**
 * The code points the subset will hold for pages made of `texts`: the base set plus what the
 * texts use, limited to what the latin face has (anything else falls through to the full
 * font's other faces, as before).
 */
export function subsetCodePoints(texts: Iterable<string>): number[] {
  const { range } = latinFace();
  const points = new Set<number>();
  for (const [from, to] of BASE) for (let c = from; c <= to; c++) points.add(c);
  for (const text of texts) for (const c of charactersIn(text)) points.add(c);
  return [...points].filter((c) => range.has(c)).sort((a, b) => a - b);
}

/** The subset as woff2. */
export async function subsetInter(codePoints: readonly number[]): Promise<Buffer> {
  const { file } = latinFace();
  return subsetFont(readFileSync(file), String.fromCodePoint(...codePoints), {
    targetFormat: 'woff2',
    keepFeatures: FEATURES,
    noHinting: true,
  });
}

/** The @font-face rule for the subset served at `url`. */
export function subsetFontFace(url: string, codePoints: readonly number[]): string {
  return (
    `@font-face{font-family:'${SUBSET_FAMILY}';font-style:normal;font-display:swap;` +
    `font-weight:${WEIGHTS.min} ${WEIGHTS.max};src:url(${url}) format('woff2');` +
    `unicode-range:${unicodeRange(codePoints)}}`
  );
}

if (process.argv[1]?.endsWith('subset-inter.ts')) {
  const points = subsetCodePoints(process.argv.slice(2));
  const font = await subsetInter(points);
  console.log(`${points.length} characters, ${(font.length / 1024).toFixed(1)} KB woff2`);
  console.log(unicodeRange(points));
}
