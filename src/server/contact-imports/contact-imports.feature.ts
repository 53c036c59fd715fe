import type { Feature } from '../feature';
import { ContactImport, ContactImportChunk, ContactImportError } from './contact-import.entity';
import { pruneContactImports } from './contact-imports.sql';
import { failAbandonedImports } from './import-lock.sql';

export const contactImportsFeature: Feature = {
  name: 'contactImports',
  entities: [ContactImport, ContactImportChunk, ContactImportError],
  maintenance: [
    { name: 'contactImports', run: (em) => pruneContactImports(em) },
    {
      name: 'abandonedImports',
      run: async (em) => failAbandonedImports(await em.getConnection().getNativeClient()),
    },
  ],
};
