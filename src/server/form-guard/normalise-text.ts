/**
 * What the content checks read: the text as a person sees it, not as a spammer encoded it.
 * NFKC folds full-width and other compatibility forms (ｃａｓｉｎｏ -> casino, ｗｗｗ．x -> www.x),
 * invisible characters are dropped (c\u200Basino -> casino), control characters become spaces, and
 * letters that look Latin but are Cyrillic or Greek are folded to Latin (саsino -> casino).
 * Only the checks see this; the stored contact keeps what the visitor typed.
 */

// Zero-width and other invisible format characters: ZWSP, ZWNJ, ZWJ, word joiner, invisible
// operators, BOM, soft hyphen, Mongolian vowel separator; and the combining grapheme joiner
// (outside the class: a combining mark inside one reads as joined to its neighbour).
const INVISIBLE = /[\u200B-\u200D\u2060-\u2064\uFEFF\u00AD\u180E]|\u034F/g;
// Control characters (C0 and C1, line breaks and tabs too: the checks read words, not lines).
const CONTROL = /\p{Cc}/gu;

/** Cyrillic and Greek letters drawn like Latin ones (lower case; text is lower-cased first). */
const CONFUSABLES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ϲ: 'c',
  ℓ: 'l',
};
const CONFUSABLE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'g');

export function normaliseForChecks(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(CONTROL, ' ')
    .toLowerCase()
    .replace(CONFUSABLE, (ch) => CONFUSABLES[ch] ?? ch);
}
