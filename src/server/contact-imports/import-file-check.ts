import { parse } from 'csv-parse/sync';
import { headerKey, type TImportMapping } from '../../shared/import-mapping';
import {
  missingColumns,
  normaliseHeader,
  unknownMappedColumns,
} from '../contacts/contact-import.service';

/** What is wrong with an upload, and which request field it is about. */
export interface FileStartProblem {
  field: 'file' | 'mapping';
  message: string;
}

/**
 * What is wrong with an upload, judged from its first piece (up to about 1 MB), or null: binary
 * data, text that is not UTF-8, a header without the required columns, or a mapping naming a
 * column the header does not have. Caught while the client waits, so it gets a 400 rather than
 * a job that fails a moment later.
 */
export function checkFileStart(
  start: Buffer,
  mapping: TImportMapping | undefined,
): FileStartProblem | null {
  const problem = fileProblem(start, mapping);
  if (problem === null) return null;
  return typeof problem === 'string' ? { field: 'file', message: problem } : problem;
}

function fileProblem(
  start: Buffer,
  mapping: TImportMapping | undefined,
): string | FileStartProblem | null {
  if (start.includes(0)) return 'The file is not CSV text: it holds binary data';
  let text: string;
  try {
    // stream: a character cut at the end of the piece is not an error.
    text = new TextDecoder('utf-8', { fatal: true }).decode(start, { stream: true });
  } catch {
    return 'The file is not UTF-8 CSV text';
  }
  let names: string[];
  try {
    const [first] = parse(text.split('\n', 1)[0]!, { bom: true, relax_quotes: true }) as string[][];
    names = first ?? [];
  } catch (error) {
    return `The file is not valid CSV: ${(error as Error).message}`;
  }
  if (mapping) {
    const unknown = unknownMappedColumns(names.map(headerKey), mapping);
    if (!unknown.length) return null;
    const quoted = unknown.map((c) => `"${c}"`).join(', ');
    return { field: 'mapping', message: `The file has no column ${quoted}` };
  }
  const missing = missingColumns(names.map(normaliseHeader));
  return missing.length ? `The CSV header must include the columns: ${missing.join(', ')}` : null;
}
