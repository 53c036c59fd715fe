import { inject } from 'vitest';

/** The migrated template database of this test run (see global-setup.ts). Inside vitest only. */
export function templateDb(): string {
  return inject('templateDb');
}
