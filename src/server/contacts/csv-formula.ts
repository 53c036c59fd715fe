/**
 * Spreadsheet apps run a cell that starts with = + - @ (or a tab / CR) as a formula. A cell's text
 * is split again at ';' in ';'-separated locales and at tabs when pasted, so every segment that
 * starts there is disarmed too, not just the first character of the cell.
 *
 * Disarming adds one quote before the formula character and any quotes already there
 * (`=x` -> `'=x`, `'=x` -> `''=x`), so restoreFormula can always take exactly one away again:
 * an exported file imports back unchanged. Lookbehind keeps both patterns linear and lets a tab
 * be both the end of one segment and the start of the next.
 */
const SEGMENT_FORMULA = /(?<=^|[;\t])('*[=+\-@\t\r])/g;
const DISARMED_FORMULA = /(?<=^|[;\t])'('*[=+\-@\t\r])/g;

export function neutraliseFormula(value: string): string {
  return value.replace(SEGMENT_FORMULA, "'$1");
}

/** Undoes neutraliseFormula on an imported cell. */
export function restoreFormula(value: string | undefined): string | undefined {
  return value?.replace(DISARMED_FORMULA, '$1');
}
