// The export's byte-level rewrite of PostgreSQL's COPY CSV, without a database: the formula rule
// against neutraliseFormula, the quoting against csvField, the timestamps against toISOString,
// whatever the chunk boundaries. (contacts-export-copy.test.ts runs the same checks through a
// real COPY.)
import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, neutraliseFormula, restoreFormula } from './contacts.csv';
import { ExportCsvRewriter } from './contacts-export-rewrite';
import {
  CopyCsvStream,
  ExportBuffers,
  ExportCutOff,
  ExportResponseWriter,
} from './contacts-export-stream';

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
    const out = Buffer.alloc(rewriter.room(cut - from));
    parts.push(out.subarray(0, rewriter.rewrite(input, from, cut, out, 0)));
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

/** PostgreSQL's answer to a COPY TO STDOUT: CopyOutResponse, one CopyData per row, CopyDone. */
function copyMessages(rows: string[], after = 'C\u0000\u0000\u0000\u000bCOPY 1\u0000'): Buffer {
  const message = (code: string, payload: Buffer) => {
    const head = Buffer.alloc(5);
    head.write(code);
    head.writeUInt32BE(payload.length + 4, 1);
    return Buffer.concat([head, payload]);
  };
  return Buffer.concat([
    message('H', Buffer.from([0, 0, 1, 0, 0])),
    ...rows.map((r, i) =>
      i === 1
        ? Buffer.concat([message('N', Buffer.from('notice\u0000')), message('d', Buffer.from(r))])
        : message('d', Buffer.from(r)),
    ),
    message('c', Buffer.alloc(0)),
    Buffer.from(after, 'latin1'),
  ]);
}

/** CopyCsvStream fed `bytes` in pieces, as pg-copy-streams feeds it the socket's chunks. */
async function parseCopy(bytes: Buffer, cuts: number[]) {
  const stream = new CopyCsvStream('', 'h\n', [2], new ExportBuffers());
  const internals = stream as unknown as Record<string, unknown>;
  const handedBack: Buffer[] = [];
  let detached = false;
  internals._buffer = { push: (b: Buffer) => handedBack.push(Buffer.from(b)) };
  internals._detach = () => (detached = true);
  internals._cleanup = () => undefined;
  const output: Buffer[] = [];
  stream.on('data', (b: Buffer) => output.push(Buffer.from(b)));
  const ended = new Promise((done) => stream.on('end', done));
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const cut of [...at, bytes.length]) {
    if (detached) break;
    if (cut > from) stream._parse(bytes.subarray(from, cut));
    from = cut;
  }
  handedBack.push(bytes.subarray(from)); // not read yet: pg reads it from the socket itself
  await ended;
  return {
    text: Buffer.concat(output).toString(),
    handedBack: Buffer.concat(handedBack),
    detached,
  };
}

describe('CopyCsvStream (the COPY protocol read without a Buffer per row)', () => {
  const rows = ['1,=a,2026-01-02 03:04:05.5+00\n', '2,"b, c",\n', '3,;x,2026-01-02 03:04:05+00\n'];
  const csv = 'h\n1,\'=a,2026-01-02T03:04:05.500Z\n2,"b, c",\n3,";x",2026-01-02T03:04:05.000Z\n';

  it('writes the header and the rewritten rows, and hands the messages after CopyDone back to pg, wherever the chunks end', async () => {
    const bytes = copyMessages(rows);
    const after = 'C\u0000\u0000\u0000\u000bCOPY 1\u0000';
    await fc.assert(
      fc.asyncProperty(cuts, async (at) => {
        const got = await parseCopy(bytes, at);
        expect(got.text).toBe(csv);
        expect(got.detached).toBe(true);
        expect(got.handedBack.toString('latin1')).toBe(after);
      }),
      { numRuns: 300 },
    );
    for (let cut = 0; cut <= bytes.length; cut++)
      expect((await parseCopy(bytes, [cut])).text).toBe(csv);
  });

  it('writes only the header when there are no rows', async () => {
    expect((await parseCopy(copyMessages([]), [])).text).toBe('h\n');
  });

  it('hands an ErrorResponse back to pg untouched and stops', async () => {
    const ok = copyMessages(rows.slice(0, 1));
    const error = Buffer.from('E\u0000\u0000\u0000\u0008boom', 'latin1');
    const bytes = Buffer.concat([ok.subarray(0, ok.indexOf('c\u0000\u0000\u0000\u0004')), error]);
    const stream = new CopyCsvStream('', 'h\n', [], new ExportBuffers());
    const internals = stream as unknown as Record<string, unknown>;
    let handed = Buffer.alloc(0);
    internals._buffer = { push: (b: Buffer) => (handed = Buffer.from(b)) };
    internals._detach = () => undefined;
    expect(stream._parse(bytes)).toBe(false);
    expect(handed.toString('latin1')).toBe(error.toString('latin1'));
    stream.destroy();
  });

  it('sends the header after the given delay when the first rows are late', async () => {
    const stream = new CopyCsvStream('', 'a,b\n', [], new ExportBuffers());
    const first = new Promise<Buffer>((done) => stream.once('data', done));
    stream.writeHeaderAfter(10);
    expect(String(await first)).toBe('a,b\n');
    stream.destroy();
  });

  it('pushes 3 MB of rows in a few large pieces', async () => {
    const line = '1,Ada Lovelace,"First, second",+44 20,2026-01-02 03:04:05.123456+00\n';
    const stream = new CopyCsvStream('', 'h\n', [4], new ExportBuffers());
    const internals = stream as unknown as Record<string, unknown>;
    internals._buffer = { push: () => undefined };
    internals._detach = () => undefined;
    internals._cleanup = () => undefined;
    const sizes: number[] = [];
    let text = '';
    stream.on('data', (b: Buffer) => {
      sizes.push(b.length);
      text += b.toString();
    });
    const ended = new Promise((done) => stream.on('end', done));
    const bytes = copyMessages(Array<string>(44_000).fill(line));
    for (let at = 0; at < bytes.length; at += 16 * 1024)
      stream._parse(bytes.subarray(at, at + 16 * 1024));
    await ended;
    const row = '1,Ada Lovelace,"First, second",\'+44 20,2026-01-02T03:04:05.123Z\n';
    expect(text).toBe(`h\n${row.repeat(44_000)}`);
    expect(sizes.length).toBeLessThan(40);
  });
});

describe('ExportResponseWriter', () => {
  function collector() {
    const pieces: Buffer[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        pieces.push(Buffer.from(chunk));
        done();
      },
    });
    return { destination, pieces };
  }

  it('fails with ExportCutOff when the destination closes early, and leaves it alone when the source fails', async () => {
    const sink = collector();
    const source = new PassThrough();
    const done = pipeline(source, new ExportResponseWriter(sink.destination));
    source.write('1,a\n');
    sink.destination.destroy();
    await expect(done).rejects.toBeInstanceOf(ExportCutOff);

    const other = collector();
    const failing = new Readable({
      read() {
        this.destroy(new Error('COPY failed'));
      },
    });
    await expect(pipeline(failing, new ExportResponseWriter(other.destination))).rejects.toThrow(
      'COPY failed',
    );
    expect(other.destination.destroyed).toBe(false);
    expect(other.pieces).toEqual([]);
  });

  it('gives up on a destination that takes nothing for stallMs, and destroys it', async () => {
    const stuck = new Writable({ highWaterMark: 1, write: () => undefined });
    const source = new PassThrough();
    const done = pipeline(source, new ExportResponseWriter(stuck, undefined, 50));
    source.write(Buffer.alloc(2 * 1024 * 1024));
    source.write(Buffer.alloc(10));
    await expect(done).rejects.toThrow('The client read nothing for 0.05 s');
    expect(stuck.destroyed).toBe(true);
  });

  it('lets a megabyte wait in the destination, then waits until half of it is sent', async () => {
    const piece = Buffer.alloc(400 * 1024, 'x');
    const callbacks: (() => void)[] = [];
    const slow = new Writable({
      highWaterMark: 1,
      write(_chunk: Buffer, _encoding, done) {
        callbacks.push(done);
      },
    });
    let handed = 0;
    const write = slow.write.bind(slow);
    slow.write = ((chunk: Buffer, callback: () => void) => {
      handed++;
      return write(chunk, callback);
    }) as typeof slow.write;
    const source = new PassThrough({ highWaterMark: 1 });
    const done = pipeline(source, new ExportResponseWriter(slow));
    for (let i = 0; i < 5; i++) source.write(piece);
    source.end();
    const settle = () => new Promise((r) => setTimeout(r, 20));
    await settle();
    expect(handed).toBe(3); // 1.2 MB waiting in the destination: the writer waits
    callbacks.shift()!(); // 0.8 MB left: more than half
    await settle();
    expect(handed).toBe(3);
    callbacks.shift()!(); // 0.4 MB left
    await settle();
    expect(handed).toBe(5);
    while (callbacks.length) {
      callbacks.shift()!();
      await settle();
    }
    await done;
  });
});
