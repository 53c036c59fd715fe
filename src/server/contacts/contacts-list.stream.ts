import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TContact } from '../../shared/contacts.schema';
import { contactBatchRows } from './contact-rows.sql';

/**
 * Every contact, newest first, one keyset batch at a time: memory depends on the batch size,
 * not on the table. Plain `pg` rows already in the API's shape (contact-view.sql.ts); parsing each
 * with zod doubled the memory churn of a 100,000-row list, and the tRPC procedure still checks
 * its output against ZContact.
 */
export async function* contactBatches(
  em: EntityManager,
  batchSize = 1000,
): AsyncGenerator<TContact[]> {
  let before: number | null = null;
  for (;;) {
    const rows = await contactBatchRows(em, before, batchSize);
    if (rows.length === 0) return;
    yield rows;
    before = rows[rows.length - 1]!.id;
    if (rows.length < batchSize) return;
  }
}

/** The product's list as a JSON array text, one contact per line, produced batch by batch. */
async function* jsonArrayChunks(em: EntityManager): AsyncGenerator<string> {
  let first = true;
  yield '[';
  // Smaller batches than the CSV's: a contact's JSON (field names, attribution) is about twice
  // its CSV line, and a 1,000-row batch grew RSS by 67-118 MB over 100,000 contacts.
  for await (const batch of contactBatches(em, 250)) {
    const lines = batch.map((c) => JSON.stringify(c));
    yield `${first ? '\n' : ',\n'}${lines.join(',\n')}`;
    first = false;
  }
  yield '\n]\n';
}

/** Streams every contact as JSON into `destination`, pausing while it is full. */
export async function streamContactsJson(em: EntityManager, destination: Writable): Promise<void> {
  await pipeline(Readable.from(jsonArrayChunks(em), { objectMode: false }), destination);
}
