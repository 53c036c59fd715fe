// The two timestamp columns most tables carry, written once.
import { p } from '@mikro-orm/core';

/** When the row was written: stamped by the unit of work, `now()` for rows written in SQL. */
export const creationTime = () =>
  p
    .datetime()
    .defaultRaw('now()')
    .onCreate(() => new Date());

/** When the row last changed: stamped by the unit of work on create and on every update. */
export const updateTime = () =>
  p
    .datetime()
    .defaultRaw('now()')
    .onCreate(() => new Date())
    .onUpdate(() => new Date());
