/**
 * Turns the CSV that PostgreSQL's `COPY ... TO STDOUT WITH (FORMAT csv)` writes into the app's
 * export CSV, byte by byte as it streams, so the database does only what its own COPY does:
 *
 * - Every cell gets the formula rule of csv-formula.ts (neutraliseFormula): a segment that starts
 *   at the cell start or after a ';' or tab and begins with optional `'` then = + - @ tab or CR
 *   gets one more `'`. Adding it before the formula character is the same text as adding it
 *   before the run of quotes (they are all `'`), so no byte already passed needs changing.
 * - A cell holding ';' or a tab is quoted too, as csvField quotes it (COPY quotes only a comma,
 *   '"', CR or LF), so ';'-separated locales keep it in one cell.
 * - The timestamp columns (`timestamptz` as COPY writes it with DateStyle ISO and TimeZone UTC:
 *   `2026-03-09 23:59:59.123456+00`) become Date#toISOString's `2026-03-09T23:59:59.123Z`
 *   (milliseconds truncated, as the API's dates and to_char's MS).
 *
 * Only the bytes , " ; tab CR LF ' = + - @ and space are looked at, all ASCII, so UTF-8 text
 * passes through untouched. The rule expressed in SQL (regexp_replace per text cell) and
 * to_char per timestamp cost PostgreSQL 1.2-1.7 s more per 1,000,000 rows than the COPY
 * itself; here it is about 0.5 s of this process's CPU, on the other core, while PostgreSQL
 * writes (docs/BENCHMARKS.md, "Contacts CSV export at scale").
 */

const COMMA = 44;
const LF = 10;
const TAB = 9;
const SEMI = 59;
const DQ = 34;
const APOS = 39;
const SPACE = 32;
const DOT = 46;
const PLUS = 43;
const ZERO = 48;
const NINE = 57;
const T = 84;
const Z = 90;

/** First characters that make a spreadsheet run a segment (after optional `'`). */
const FORMULA = new Uint8Array(256);
for (const c of '=+-@\t\r') FORMULA[c.charCodeAt(0)] = 1;
/** Bytes that end the fast scan of an unquoted cell: its end, or a segment start. */
const UNQUOTED_STOP = new Uint8Array(256);
for (const c of [COMMA, LF, SEMI, TAB]) UNQUOTED_STOP[c] = 1;
/** Bytes that end the fast scan of a quoted cell: a quote (closing or doubled), a segment start. */
const QUOTED_STOP = new Uint8Array(256);
for (const c of [DQ, SEMI, TAB]) QUOTED_STOP[c] = 1;

const FIELD_START = 0;
const QUOTED = 1;
/** A '"' inside a quoted cell: a doubled quote or the cell's end, as the next byte tells. */
const QUOTED_QUOTE = 2;

const EMPTY = Buffer.alloc(0);

export class ExportCsvRewriter {
  private readonly isTimestamp: Uint8Array;
  private state = FIELD_START;
  /** Inside a quoted cell: at a segment start, or only `'` read since one. */
  private prefix = true;
  private field = 0;
  /** An unquoted cell cut by the chunk's end, read again whole with the next chunk. */
  private carry: Buffer = EMPTY;

  /** `timestampFields`: the 0-based positions of the timestamp columns in each record. */
  constructor(timestampFields: readonly number[]) {
    this.isTimestamp = new Uint8Array(Math.max(0, ...timestampFields) + 2);
    for (const f of timestampFields) this.isTimestamp[f] = 1;
  }

  /** The room `rewrite` may need in its `out` for `length` input bytes. */
  room(length: number): number {
    // Worst case: a one-byte cell ';' or tab becomes four bytes ("';" ...) plus its comma.
    return 3 * (this.carry.length + length) + 64;
  }

  /**
   * Writes the rewritten bytes of `input[begin, end)` that are complete into `out` from `at`
   * (which must have `room(end - begin)` bytes free) and returns where they end. An unquoted
   * cell the input stops inside waits for the next call.
   */
  rewrite(input: Buffer, begin: number, end: number, out: Buffer, at: number): number {
    if (!this.carry.length) return this.scan(input, begin, end, out, at);
    // The carried cell is unquoted: it ends at the first ',' or line break.
    let stop = begin;
    while (stop < end && input[stop] !== COMMA && input[stop] !== LF) stop++;
    if (stop === end) {
      this.carry = Buffer.concat([this.carry, input.subarray(begin, end)]);
      return at;
    }
    const cell = Buffer.concat([this.carry, input.subarray(begin, stop + 1)]);
    this.carry = EMPTY;
    return this.scan(input, stop + 1, end, out, this.scan(cell, 0, cell.length, out, at));
  }

  /** rewrite() without a carried cell. */
  private scan(chunk: Buffer, begin: number, n: number, out: Buffer, at: number): number {
    const isTimestamp = this.isTimestamp;
    let o = at;
    let from = begin; // chunk[from, i) is still to be copied to out unchanged
    let i = begin;
    let state = this.state;
    let prefix = this.prefix;
    let field = this.field;

    while (i < n) {
      let b = chunk[i]!;
      if (state === FIELD_START) {
        if (b === COMMA) {
          field++;
          i++;
          continue;
        }
        if (b === LF) {
          field = 0;
          i++;
          continue;
        }
        if (b === DQ) {
          state = QUOTED;
          prefix = true;
          i++;
          continue;
        }
        // An unquoted cell: handled whole, or carried over when the chunk ends inside it.
        const start = i;
        let needsQuotes = false;
        while (!UNQUOTED_STOP[b]) {
          if (++i === n) break;
          b = chunk[i]!;
        }
        if (i < n && (b === SEMI || b === TAB)) {
          needsQuotes = true;
          while (b !== COMMA && b !== LF) {
            if (++i === n) break;
            b = chunk[i]!;
          }
        }
        if (i === n) {
          this.carry = Buffer.from(chunk.subarray(start, n));
          break;
        }
        if (field < isTimestamp.length && isTimestamp[field]) {
          o = copySpan(chunk, from, start, out, o);
          o = writeIsoTimestamp(chunk, start, i, out, o);
          from = i;
        } else if (needsQuotes) {
          o = copySpan(chunk, from, start, out, o);
          o = writeQuotedCell(chunk, start, i, out, o);
          from = i;
        } else {
          // No ';' or tab: the cell start is its only segment start.
          let k = start;
          while (chunk[k] === APOS) k++;
          if (FORMULA[chunk[k]!]) {
            o = copySpan(chunk, from, start, out, o);
            out[o++] = APOS;
            from = start;
          }
        }
        continue; // at the ',' or LF, in FIELD_START
      }
      if (state === QUOTED) {
        if (prefix) {
          if (FORMULA[b]) {
            o = copySpan(chunk, from, i, out, o);
            out[o++] = APOS;
            from = i;
            prefix = b === TAB;
            i++;
            continue;
          }
          if (b === APOS) {
            i++;
            continue;
          }
          prefix = false;
        }
        while (!QUOTED_STOP[b]) {
          if (++i === n) break;
          b = chunk[i]!;
        }
        if (i === n) break;
        if (b === DQ) state = QUOTED_QUOTE;
        else prefix = true; // ';' or tab: a segment starts after it
        i++;
        continue;
      }
      // QUOTED_QUOTE
      if (b === DQ) {
        state = QUOTED; // a doubled quote: one '"' of the text, which is no formula start
        prefix = false;
        i++;
        continue;
      }
      state = FIELD_START; // the cell ended; the ',' or LF is read there
    }
    o = copySpan(chunk, from, n - this.carry.length, out, o);
    this.state = state;
    this.prefix = prefix;
    this.field = field;
    return o;
  }

  /** What is left at the end of the input (nothing when it ended with a line break). */
  end(): Buffer {
    if (!this.carry.length) return EMPTY;
    const out = Buffer.allocUnsafe(this.room(1));
    return out.subarray(0, this.rewrite(Buffer.from('\n'), 0, 1, out, 0) - 1);
  }
}

/**
 * chunk[from, to) into out at o. Buffer#copy makes a view object per call, which costs more
 * than a loop for the short spans between two changes of a row.
 */
function copySpan(chunk: Buffer, from: number, to: number, out: Buffer, o: number): number {
  if (to - from > 64) return o + chunk.copy(out, o, from, to);
  for (let k = from; k < to; k++) out[o++] = chunk[k]!;
  return o;
}

/** An unquoted cell with a ';' or tab, quoted, each segment start checked for a formula. */
function writeQuotedCell(chunk: Buffer, start: number, end: number, out: Buffer, o: number) {
  out[o++] = DQ;
  let prefix = true;
  for (let k = start; k < end; k++) {
    const b = chunk[k]!;
    if (prefix && FORMULA[b]) out[o++] = APOS;
    if (b === SEMI || b === TAB) prefix = true;
    else if (b !== APOS) prefix = false;
    out[o++] = b;
  }
  out[o++] = DQ;
  return o;
}

const isDigit = (b: number | undefined) => b !== undefined && b >= ZERO && b <= NINE;

/**
 * `YYYY-MM-DD HH:MM:SS[.f{1,6}]+00` as `YYYY-MM-DDTHH:MM:SS.mmmZ`. Anything else (a year past
 * 9999, BC, infinity) is copied as it is: no date the app stores looks like that.
 */
function writeIsoTimestamp(chunk: Buffer, start: number, end: number, out: Buffer, o: number) {
  const len = end - start;
  const fraction = start + 19;
  const fits =
    len >= 22 &&
    len <= 29 &&
    chunk[start + 10] === SPACE &&
    chunk[end - 3] === PLUS &&
    chunk[end - 2] === ZERO &&
    chunk[end - 1] === ZERO &&
    (len === 22 || chunk[fraction] === DOT);
  if (!fits) return copySpan(chunk, start, end, out, o);
  for (let k = start; k < start + 10; k++) out[o++] = chunk[k]!;
  out[o++] = T;
  for (let k = start + 11; k < fraction; k++) out[o++] = chunk[k]!;
  out[o++] = DOT;
  let digits = 0;
  for (let k = fraction + 1; digits < 3 && k < end - 3 && isDigit(chunk[k]); k++, digits++)
    out[o++] = chunk[k]!;
  for (; digits < 3; digits++) out[o++] = ZERO;
  out[o++] = Z;
  return o;
}
