import type { RequestHandler } from 'express';

/** Deeper JSON than any of our inputs needs; far below what overflows the stack in validation. */
export const MAX_JSON_DEPTH = 64;

/** Nesting depth of JSON text (brackets inside strings do not count); stops early past `limit`. */
export function jsonDepthExceeds(text: string | Buffer, limit = MAX_JSON_DEPTH): boolean {
  const s = typeof text === 'string' ? Buffer.from(text) : text;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped byte
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

export class JsonTooDeepError extends Error {
  readonly status = 400;
  readonly type = 'entity.too.deep';
  constructor() {
    super(`Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`);
  }
}

/** body-parser `verify` hook: refuses deeply nested bodies before they are parsed. */
export function verifyJsonDepth(_req: unknown, _res: unknown, buf: Buffer): void {
  if (jsonDepthExceeds(buf)) throw new JsonTooDeepError();
}

/** The same for tRPC GET queries, whose JSON input rides in the `input` query parameter. */
export function trpcQueryDepth(): RequestHandler {
  return (req, res, next) => {
    const input = req.query.input;
    if (typeof input === 'string' && jsonDepthExceeds(input)) {
      res.status(400).json({ message: new JsonTooDeepError().message, code: 'BAD_REQUEST' });
      return;
    }
    next();
  };
}
