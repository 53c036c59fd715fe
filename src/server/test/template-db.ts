import { inject } from 'vitest';

// What global-setup.ts provides to every test file (both test configs use it).
declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
  }
}

/** The migrated template database of this test run (see global-setup.ts). Inside vitest only. */
export function templateDb(): string {
  return inject('templateDb');
}
