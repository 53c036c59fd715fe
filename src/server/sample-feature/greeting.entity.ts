import { defineEntity, p } from '@mikro-orm/core';
import { creationTime } from '../db/timestamps';
import { PERSONAL } from '../db/personal-data';

/** A greeting for a new lead: written with the lead, sent by the greeting job (`sentAt`). */
export const Greeting = defineEntity({
  name: 'SampleGreeting',
  tableName: 'sample_greetings',
  properties: {
    id: p.integer().primary().autoincrement(),
    contactId: p.integer(),
    // A copy of the lead's address: personal, so their export and erasure must reach it.
    email: p.string().length(254).groups(PERSONAL),
    text: p.string().length(300).groups(PERSONAL),
    sentAt: p.datetime().nullable(),
    createdAt: creationTime(),
  },
});
