// The export's byte-level rewrite of PostgreSQL's COPY CSV, without a database: the formula rule
// against neutraliseFormula, the quoting against csvField, the timestamps against toISOString,
// whatever the chunk boundaries. (contacts-export-copy.test.ts runs the same checks through a
// real COPY.)
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, neutraliseFormula, restoreFormula } from './contacts.csv';
import { ExportCsvRewriter, ExportCsvTransform } from './contacts-export-rewrite';

/** A value as COPY ... WITH (FORMAT csv) writes it: quoted for , " CR LF and for ''. */
function copyField(value: string | null): string {
  if (value === null) return '';
  return value === '' || /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** What the export wrote before COPY (csvField per cell), '' as COPY writes it ("" ). */
const appField = (value: string | null) =>
  value === null ? '' : value === '' ? '""' : csvField(value);

/** `input` rewritten in pieces cut at `cuts` (positions, any order), then ended. */
function rewriteInPieces(input: Buffer, cuts: number[], timestampFields: number[] = []): string {
  const rewriter = new ExportCsvRewriter(timestampFields);
  const at = [...new Set(cuts.map((c) => c % (input.length + 1)))].sort((a, b) => a - b);
  const parts: Buffer[] = [];
  let from = 0;
  for (const cut of [...at, input.length]) {
    parts.push(rewriter.rewrite(input.subarray(from, cut)));
    from = cut;
  }
  parts.push(rewriter.end());
  return Buffer.concat(parts).toString('utf8');
}

/** Text made mostly of the characters the rules are about, plus letters and non-ASCII. */
const trickyText = fc.string({
  unit: fc.constantFrom(
    ...[';', '\t', '\r', '\n', '"', "'", '=', '+', '-', '@', ',', ' ', 'a', 'Z', '1', '.'],
    ...['é', '€', '😀', '日', '\u00a0', '\\'],
  ),
  maxLength: 12,
});
const cell = fc.oneof(trickyText, fc.string({ maxLength: 8 }), fc.constant(null));
const rows = fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), {
  minLength: 1,
  maxLength: 6,
});
const cuts = fc.array(fc.nat(), { maxLength: 6 });

describe('ExportCsvRewriter: the formula rule and quoting', () => {
  it('writes every cell as csvField did (neutraliseFormula, quoted for , " ; tab CR LF), wherever the chunks end', () => {
    fc.assert(
      fc.property(rows, cuts, (table, at) => {
        const copy = table.map((r) => `${r.map(copyField).join(',')}\n`).join('');
        const expected = table.map((r) => `${r.map(appField).join(',')}\n`).join('');
        expect(rewriteInPieces(Buffer.from(copy), at)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives cells that parse to neutraliseFormula of the value and import back unchanged', () => {
    fc.assert(
      fc.property(fc.array(trickyText, { minLength: 1, maxLength: 4 }), (values) => {
        const line = `${values.map(copyField).join(',')}\n`;
        const [parsed] = parse(rewriteInPieces(Buffer.from(line), []), {
          relax_column_count: true,
        }) as string[][];
        expect(parsed).toEqual(values.map(neutraliseFormula));
        expect(parsed!.map(restoreFormula)).toEqual(values);
      }),
      { numRuns: 1000 },
    );
  });

  it.each([
    ['=1+2', "'=1+2"],
    ['+1 415 555 0110', "'+1 415 555 0110"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ["'=already", "''=already"],
    ['a;=b', `"a;'=b"`],
    ['\t=cmd', `"'\t'=cmd"`],
    ['\r=cmd', `"'\r=cmd"`],
    ['x;;-1', `"x;;'-1"`],
    ['"=x"', `"""=x"""`],
    ['plain, with comma', '"plain, with comma"'],
    ["it's", "it's"],
    ['', '""'],
  ])('writes %j as %j', (value, out) => {
    expect(rewriteInPieces(Buffer.from(`1,${copyField(value)},2\n`), [])).toBe(`1,${out},2\n`);
  });

  it('leaves UTF-8 text alone, even cut inside a character', () => {
    const line = Buffer.from('Zoë,日本,"a, 😀",€\n');
    for (let cut = 0; cut <= line.length; cut++)
      expect(rewriteInPieces(line, [cut])).toBe('Zoë,日本,"a, 😀",€\n');
  });
});

/** A timestamptz as COPY writes it with DateStyle ISO and TimeZone UTC. */
function pgTimestamp(ms: number, micros: number): string {
  const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ
  const fraction = `${iso.slice(20, 23)}${String(micros).padStart(3, '0')}`.replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`;
}

describe('ExportCsvRewriter: timestamps', () => {
  it('writes timestamptz as toISOString does (milliseconds truncated), wherever the chunks end', () => {
    const year1000 = Date.UTC(1000, 0, 1);
    const year9999 = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
    fc.assert(
      fc.property(
        fc.integer({ min: year1000, max: year9999 }),
        fc.integer({ min: 0, max: 999 }),
        fc.option(fc.integer({ min: year1000, max: year9999 })),
        cuts,
        (ms, micros, other, at) => {
          const first = pgTimestamp(ms, micros);
          const second = other === null ? '' : pgTimestamp(other, 0);
          const line = Buffer.from(`7,'x,${first},"y",${second}\n`);
          const expected = `7,'x,${new Date(ms).toISOString()},"y",${other === null ? '' : new Date(other).toISOString()}\n`;
          expect(rewriteInPieces(line, at, [2, 4])).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['2026-03-09 23:59:59+00', '2026-03-09T23:59:59.000Z'],
    ['2026-03-09 23:59:59.1+00', '2026-03-09T23:59:59.100Z'],
    ['2026-03-09 23:59:59.12+00', '2026-03-09T23:59:59.120Z'],
    ['2026-03-09 23:59:59.123456+00', '2026-03-09T23:59:59.123Z'],
    ['2026-03-09 23:59:59.999999+00', '2026-03-09T23:59:59.999Z'],
    // No stored date looks like these; they pass through rather than being mangled.
    ['infinity', 'infinity'],
    ['10000-01-01 00:00:00+00', '10000-01-01 00:00:00+00'],
    ['0044-03-15 12:00:00+00 BC', '0044-03-15 12:00:00+00 BC'],
  ])('writes %j as %j', (pg, iso) => {
    expect(rewriteInPieces(Buffer.from(`${pg}\n`), [], [0])).toBe(`${iso}\n`);
  });
});

describe('ExportCsvTransform', () => {
  async function run(chunks: string[]): Promise<string> {
    const transform = new ExportCsvTransform('a,b\n', [1]);
    const out: Buffer[] = [];
    transform.on('data', (b: Buffer) => out.push(b));
    const ended = new Promise((done) => transform.on('end', done));
    for (const c of chunks) transform.write(Buffer.from(c));
    transform.end();
    await ended;
    return Buffer.concat(out).toString();
  }

  it('writes the header first, with the rows or alone when there are none', async () => {
    expect(await run([])).toBe('a,b\n');
    expect(await run(['=x,2026-01-02 03:04:05.5+00\n', '2,'])).toBe(
      "a,b\n'=x,2026-01-02T03:04:05.500Z\n2,",
    );
  });

  it('sends the header after the given delay when the first rows are late', async () => {
    const transform = new ExportCsvTransform('a,b\n', []);
    const first = new Promise<Buffer>((done) => transform.once('data', done));
    transform.writeHeaderAfter(10);
    expect(String(await first)).toBe('a,b\n');
    transform.destroy();
  });

  it('passes 3 MB through in a few large pieces with the same bytes', async () => {
    const line = '1,Ada Lovelace,"First, second",+44 20,2026-01-02 03:04:05.123456+00\n';
    const transform = new ExportCsvTransform('h\n', [4]);
    const sizes: number[] = [];
    let text = '';
    transform.on('data', (b: Buffer) => {
      sizes.push(b.length);
      text += b.toString();
    });
    const ended = new Promise((done) => transform.on('end', done));
    const chunk = Buffer.from(line.repeat(200)); // ~14 KB, as pg-copy-streams hands them over
    for (let i = 0; i < 220; i++) transform.write(chunk);
    transform.end();
    await ended;
    const row = '1,Ada Lovelace,"First, second",\'+44 20,2026-01-02T03:04:05.123Z\n';
    expect(text).toBe(`h\n${row.repeat(200 * 220)}`);
    expect(sizes.length).toBeLessThan(40);
  });
});
