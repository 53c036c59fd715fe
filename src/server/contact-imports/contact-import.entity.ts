import { defineEntity, p } from '@mikro-orm/core';
import { creationTime } from '../db/timestamps';
import { IMPORT_MODES, IMPORT_STATUSES } from '../../shared/contact-import.schema';
import type { TImportMapping } from '../../shared/import-mapping';
import { User } from '../users/user.entity';
import { PERSONAL } from '../db/personal-data';

/** 'uploading' while the file arrives: such a job has no id the client knows yet. */
export const IMPORT_ROW_STATUSES = ['uploading', ...IMPORT_STATUSES] as const;

/** A streamed CSV import: its file (ContactImportChunk), progress and outcome. */
export const ContactImport = defineEntity({
  name: 'ContactImport',
  tableName: 'contact_imports',
  properties: {
    id: p.uuid().primary(),
    mode: p.enum(IMPORT_MODES),
    /** Which column each field is read from; null: the columns are named after the fields. */
    mapping: p.json<TImportMapping>().nullable(),
    status: p.enum(IMPORT_ROW_STATUSES).index(),
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: creationTime(),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
    bytesTotal: p.bigint('number').default(0),
    bytesProcessed: p.bigint('number').default(0),
    processed: p.integer().default(0),
    inserted: p.integer().default(0),
    updated: p.integer().default(0),
    skipped: p.integer().default(0),
    errorCount: p.integer().default(0),
    errors: p.json<{ line: number; reason: string }[]>().defaultRaw(`'[]'`).groups(PERSONAL),
    failure: p.text().nullable(),
  },
});

/** The uploaded file in order, about 1 MB a piece; deleted when the import finishes. */
export const ContactImportChunk = defineEntity({
  name: 'ContactImportChunk',
  tableName: 'contact_import_chunks',
  properties: {
    contactImport: () => p.manyToOne(ContactImport).primary().deleteRule('cascade'),
    seq: p.integer().primary(),
    data: p.blob().groups(PERSONAL),
  },
});

/** Every bad row of an import, for its error report. */
export const ContactImportError = defineEntity({
  name: 'ContactImportError',
  tableName: 'contact_import_errors',
  properties: {
    contactImport: () => p.manyToOne(ContactImport).primary().deleteRule('cascade'),
    line: p.integer().primary(),
    reason: p.text().groups(PERSONAL),
  },
});
