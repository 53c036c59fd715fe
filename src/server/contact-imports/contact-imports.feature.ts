import type { Feature } from '../feature';
import { ContactImport, ContactImportChunk, ContactImportError } from './contact-import.entity';
import { pruneContactImports } from './contact-imports.sql';
import { failAbandonedImports } from './import-lock.sql';
import { CONTACT_IMPORT_QUEUE } from './contact-import.queue';
import { eraseImportErrors } from './import-erasure.sql';
import { startContactImportWorker, stopContactImports } from './import-worker';
import { importErrorExport } from './import-export.sql';

export const contactImportsFeature: Feature = {
  name: 'contactImports',
  entities: [ContactImport, ContactImportChunk, ContactImportError],
  queues: [CONTACT_IMPORT_QUEUE],
  privacy: { erase: eraseImportErrors, export: [importErrorExport] },
  startWorkers: async ({ queue, databaseUrl, log, options }) => {
    await startContactImportWorker(queue, databaseUrl, log, options.importHeapMb);
    // An import in hand is failed at once on a drain (it is never run twice).
    return (graceMs) => stopContactImports(graceMs);
  },
  maintenance: [
    { name: 'contactImports', run: (em) => pruneContactImports(em) },
    {
      name: 'abandonedImports',
      run: async (em) => failAbandonedImports(await em.getConnection().getNativeClient()),
    },
  ],
};
