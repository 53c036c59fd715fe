import type { RequestHandler, Response } from 'express';

type Chunk = string | Uint8Array;
type Callback = (error?: Error | null) => void;

const toBuffer = (chunk: Chunk, encoding?: BufferEncoding) =>
  typeof chunk === 'string'
    ? Buffer.from(chunk, encoding)
    : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/**
 * Collects a response's body and sends it in one write with its Content-Length, up to
 * `maxBuffered` bytes (past that it streams on as it comes). tRPC's node adapter writes each
 * answer through a web stream and ends it a tick later, so every answer cost two socket writes
 * and chunked encoding; loopback writes were the largest item of an admin list request's CPU.
 */
export function singleWriteResponses(maxBuffered = 1024 * 1024): RequestHandler {
  return (_req, res, next) => {
    const write = res.write.bind(res) as (chunk: Chunk, cb?: Callback) => boolean;
    const end = res.end.bind(res) as (chunk?: Chunk, cb?: () => void) => Response;
    let chunks: Buffer[] | null = [];
    let size = 0;
    const flushAndStream = () => {
      for (const c of chunks ?? []) write(c);
      chunks = null;
    };
    res.write = ((chunk: Chunk, encoding?: BufferEncoding | Callback, cb?: Callback) => {
      const done = typeof encoding === 'function' ? encoding : cb;
      const enc = typeof encoding === 'string' ? encoding : undefined;
      if (!chunks) return write(toBuffer(chunk, enc), done);
      const buffer = toBuffer(chunk, enc);
      chunks.push(buffer);
      size += buffer.length;
      if (size > maxBuffered) flushAndStream();
      if (done) process.nextTick(done);
      return true;
    }) as Response['write'];
    res.end = ((...args: unknown[]) => {
      const done = args.find((a): a is () => void => typeof a === 'function');
      const chunk = args[0] as Chunk | null | undefined;
      const encoding = typeof args[1] === 'string' ? (args[1] as BufferEncoding) : undefined;
      const last =
        typeof chunk === 'string' || chunk instanceof Uint8Array
          ? toBuffer(chunk, encoding)
          : undefined;
      if (!chunks) return end(last, done);
      if (last) chunks.push(last);
      const body = Buffer.concat(chunks);
      chunks = null;
      if (!res.headersSent) res.setHeader('Content-Length', body.length);
      return end(body, done);
    }) as Response['end'];
    next();
  };
}
