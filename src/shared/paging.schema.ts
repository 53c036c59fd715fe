import { z } from 'zod';

/** How many items a page holds: 1-200, 50 by default. */
export const ZPageLimit = z.coerce
  .number({ error: 'Must be a whole number' })
  .int('Must be a whole number')
  .min(1, 'Must be at least 1')
  .max(200, 'Must be at most 200')
  .default(50);

/** A cursor that is the nextCursor of a previous page: `pattern` is what such cursors look like. */
export const cursorMatching = (pattern: RegExp) =>
  z.string().regex(pattern, 'Must be the nextCursor of a previous page').optional();

/**
 * The query of a list paged by keyset (newest first): up to `limit` items (1-200, 50 by
 * default) after the `cursor` the previous page answered as nextCursor. `cursorDigits` bounds
 * the id the cursor holds (18 for a bigint id, 10 for an integer one).
 */
export const keysetPaging = (cursorDigits: number) => ({
  limit: ZPageLimit,
  /** The nextCursor of the previous page. */
  cursor: cursorMatching(new RegExp(`^[1-9][0-9]{0,${cursorDigits - 1}}$`)),
});
