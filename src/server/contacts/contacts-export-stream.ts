import { Writable, type ReadableOptions } from 'node:stream';
import { to as copyTo, type CopyToStreamQuery } from 'pg-copy-streams';
import { ExportCsvRewriter } from './contacts-export-rewrite';

/** Output gathered before it is pushed: fewer, larger writes to the response's socket. */
const PUSH_BYTES = 128 * 1024;
/** The output buffers: PUSH_BYTES plus room for the rewrite of a 64 KB socket read. */
const BUFFER_BYTES = PUSH_BYTES + 3 * 64 * 1024 + 64;
/**
 * Output that may wait in each of the two stages (read from PostgreSQL and not yet written; in
 * the response's socket buffer), so that neither PostgreSQL nor the client waits on the other's
 * hiccups: with a piece or two per stage, a client that paused for a moment stalled the whole
 * chain, and the export ran 30-40% slower when the reader did any work of its own.
 */
const STAGE_BYTES = 1024 * 1024;
/** Spare output buffers kept for reuse: what the stages hold, at most. */
const SPARE_BUFFERS = 2 * Math.ceil(STAGE_BYTES / PUSH_BYTES) + 2;

/**
 * The export's output buffers, handed back by ExportResponseWriter once the response has sent
 * them: a 1,000,000-row export reuses a score of them instead of allocating 1,700.
 */
export class ExportBuffers {
  private readonly free: ArrayBuffer[] = [];

  take(min = BUFFER_BYTES): Buffer {
    const spare = min <= BUFFER_BYTES ? this.free.pop() : undefined;
    return spare ? Buffer.from(spare) : Buffer.allocUnsafeSlow(Math.max(min, BUFFER_BYTES));
  }

  give(piece: Buffer): void {
    const backing = piece.buffer;
    if (
      backing.byteLength === BUFFER_BYTES &&
      this.free.length < SPARE_BUFFERS &&
      backing instanceof ArrayBuffer
    )
      this.free.push(backing);
  }
}

// PostgreSQL protocol message types met during COPY OUT.
const COPY_DATA = 0x64; // d
const ERROR_RESPONSE = 0x45; // E
/** Messages that may come between CopyData ones; anything else ends the COPY (as in pg-copy-streams). */
const PASSING = new Set([0x48 /* CopyOutResponse */, COPY_DATA, 0x53, 0x4e, 0x41]);

/**
 * What CopyCsvStream uses of pg-copy-streams' COPY TO stream besides its public API: internals of
 * 7.0.0, which package.json pins exactly (the tests in contacts-export-*.test.ts exercise each).
 */
interface CopyToInternals {
  /** Bytes not parsed yet, handed back to pg by _detach (the messages after the COPY). */
  _buffer: { push(chunk: Buffer): void };
  /** Gives the connection's socket back to pg. */
  _detach(): void;
  _cleanup(): void;
  /** False while the readable side is full: the socket is not read until _read. */
  _drained: boolean;
}

const CopyToBase = Object.getPrototypeOf(copyTo('')).constructor as new (
  text: string,
  options?: ReadableOptions,
) => CopyToStreamQuery;

/**
 * pg-copy-streams' COPY TO stream (which takes over the connection's socket for the COPY and
 * hands errors and the end back to pg) with its per-chunk parser replaced: that one makes a
 * Buffer view of every row (one CopyData message each) and concatenates them, and in the app's
 * heap those views were promoted and cost about ten full collections per 1,000,000 rows. This
 * parser feeds the rows' bytes straight from the socket's chunks to ExportCsvRewriter, writes
 * `header` first, and pushes the output in pieces of about 128 KB (or when the event loop turns,
 * so rows a filter finds slowly are not held back).
 */
export class CopyCsvStream extends CopyToBase {
  private readonly rewriter: ExportCsvRewriter;
  private readonly header = Buffer.alloc(5);
  private headerBytes = 0;
  private code = 0;
  /** Payload bytes of the current message still to come. */
  private remaining = 0;
  private out: Buffer;
  private used: number;
  private started = false;
  private pushScheduled = false;
  private headerTimer: NodeJS.Timeout | undefined;

  constructor(
    text: string,
    header: string,
    timestampFields: readonly number[],
    private readonly buffers: ExportBuffers,
  ) {
    super(text, { highWaterMark: STAGE_BYTES });
    this.rewriter = new ExportCsvRewriter(timestampFields);
    this.out = buffers.take();
    this.used = this.out.write(header);
  }

  private get internals(): CopyToInternals {
    return this as unknown as CopyToInternals;
  }

  /** The header goes out after `ms` if no rows came before (a filter that matches late). */
  writeHeaderAfter(ms: number): void {
    this.headerTimer = setTimeout(() => this.pushOut(), ms);
  }

  /** Pushes what is gathered; false when the readable side is full. */
  private pushOut(): boolean {
    clearTimeout(this.headerTimer);
    if (!this.used || this.destroyed) return true;
    this.started = true;
    const piece = this.out.subarray(0, this.used);
    this.out = this.buffers.take();
    this.used = 0;
    return this.push(piece);
  }

  /** Replaces pg-copy-streams' _parse: same contract, called with each chunk of the socket. */
  _parse(chunk: Buffer): boolean {
    const n = chunk.length;
    let i = 0;
    let more = true;
    while (i < n) {
      if (this.remaining > 0) {
        const end = i + Math.min(this.remaining, n - i);
        if (this.code === COPY_DATA) {
          const room = this.rewriter.room(end - i);
          if (this.out.length - this.used < room) {
            more = this.pushOut() && more;
            if (this.out.length < room) this.out = this.buffers.take(room);
          }
          this.used = this.rewriter.rewrite(chunk, i, end, this.out, this.used);
        }
        this.remaining -= end - i;
        i = end;
        if (this.remaining === 0 && !PASSING.has(this.code)) return this.finish(chunk, i);
        continue;
      }
      if (this.headerBytes === 0 && chunk[i] === ERROR_RESPONSE) {
        // pg reads the error from here on and reports it through handleError.
        clearTimeout(this.headerTimer);
        this.internals._buffer.push(chunk.subarray(i));
        this.internals._detach();
        return false;
      }
      this.header[this.headerBytes++] = chunk[i++]!;
      if (this.headerBytes < 5) continue;
      this.headerBytes = 0;
      this.code = this.header[0]!;
      this.remaining = this.header.readUInt32BE(1) - 4;
      if (this.remaining === 0 && !PASSING.has(this.code)) return this.finish(chunk, i);
    }
    releaseChunk(chunk);
    if (!this.started || this.used >= PUSH_BYTES) return this.pushOut() && more;
    if (!this.pushScheduled) {
      this.pushScheduled = true;
      setImmediate(() => {
        this.pushScheduled = false;
        if (!this.pushOut()) this.internals._drained = false;
      });
    }
    return more;
  }

  /** The COPY ended at chunk[at]: the rest goes back to pg, the output out. */
  private finish(chunk: Buffer, at: number): boolean {
    const rest = this.rewriter.end();
    if (this.out.length - this.used < rest.length) this.pushOut();
    this.used += rest.copy(this.out, this.used);
    this.pushOut(); // (with the header, when there were no rows)
    if (at < chunk.length) this.internals._buffer.push(chunk.subarray(at));
    this.internals._detach();
    this.push(null);
    this.internals._cleanup();
    return false; // (true would make pg-copy-streams read on from the socket that is pg's again)
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    clearTimeout(this.headerTimer);
    super._destroy(error, done);
  }
}

/**
 * Frees the memory of a socket chunk that nothing will read again, now rather than at the next
 * full garbage collection: the COPY reads ~230 MB per 1,000,000 rows, and left to the collector
 * those reads piled up to ~70 MB (RSS) before V8 ran a full collection, about ten times per
 * export. Only a chunk that has its ArrayBuffer to itself (a socket read, not a pooled slice).
 */
function releaseChunk(chunk: Buffer): void {
  const backing = chunk.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
  if (chunk.byteOffset === 0 && backing.byteLength === chunk.length && backing.transfer)
    backing.transfer(0);
}

/** The download's client went away (or stopped reading) before the end. */
export class ExportCutOff extends Error {
  constructor(message = 'The client closed the connection before the export ended') {
    super(message);
  }
}

/** How long a client may read nothing before the export gives up on it (and its connection). */
export const EXPORT_STALL_MS = 60_000;

/**
 * Writes a pipeline's pieces into `destination`, waiting while it holds more than a megabyte
 * not yet sent, until half of it is. Unlike piping into `destination`, this is all a failed
 * pipeline destroys: before the first byte the caller can still answer with a JSON error.
 * `destination` closing before the end fails the pipeline with ExportCutOff, and so does a
 * client that reads nothing for `stallMs` while the export waits for it (its COPY holds a pool
 * connection; `destination` is then destroyed). With `buffers`, each piece is handed back once
 * written, for a destination that has sent it by then (a socket or an HTTP response; not a
 * stream that keeps the chunk).
 */
export class ExportResponseWriter extends Writable {
  private waiting: (() => void) | undefined;
  private stallTimer: NodeJS.Timeout | undefined;
  private readonly resume = () => {
    if (!this.waiting || this.destination.writableLength > STAGE_BYTES / 2) return;
    clearTimeout(this.stallTimer);
    const done = this.waiting;
    this.waiting = undefined;
    done();
  };
  private readonly onClose = () => {
    if (!this.destination.writableFinished) this.destroy(new ExportCutOff());
  };

  constructor(
    private readonly destination: Writable,
    private readonly buffers?: ExportBuffers,
    private readonly stallMs = EXPORT_STALL_MS,
  ) {
    super({ highWaterMark: 0 });
    destination.on('drain', this.resume);
    destination.on('close', this.onClose);
    destination.on('error', this.onClose);
  }

  override _write(piece: Buffer, _encoding: BufferEncoding, done: (e?: Error | null) => void) {
    if (this.destination.destroyed) return done(new ExportCutOff());
    const buffers = this.buffers;
    // Each piece sent is a chance to go on: not only once the socket buffer is empty ('drain').
    this.destination.write(piece, () => {
      buffers?.give(piece);
      this.resume();
    });
    if (this.destination.writableLength < STAGE_BYTES) return done();
    this.waiting = () => done();
    this.stallTimer = setTimeout(() => {
      this.destroy(new ExportCutOff(`The client read nothing for ${this.stallMs / 1000} s`));
      this.destination.destroy();
    }, this.stallMs);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.destination.end(() => done());
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    clearTimeout(this.stallTimer);
    this.destination.off('drain', this.resume);
    this.destination.off('close', this.onClose);
    this.destination.off('error', this.onClose);
    this.waiting = undefined;
    done(error);
  }
}
