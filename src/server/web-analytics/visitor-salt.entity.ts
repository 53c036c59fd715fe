import { defineEntity, p } from '@mikro-orm/core';
import { creationTime } from '../db/timestamps';

/**
 * The random salt of one UTC day, shared by every instance, that makes a visitor's key. Deleted
 * within 48 hours (maintenance): after that nobody, the company included, can tell whether two
 * page views of different days came from one person.
 */
export const VisitorSalt = defineEntity({
  name: 'VisitorSalt',
  tableName: 'visitor_salts',
  properties: {
    day: p.date().primary(),
    salt: p.blob(),
    createdAt: creationTime(),
  },
});
