import { parse } from 'csv-parse/sync';
import { missingColumns, normaliseHeader } from '../contacts/contact-import.service';

/**
 * What is wrong with an upload, judged from its first piece (up to about 1 MB), or null: binary
 * data, text that is not UTF-8, or a header without the required columns. Caught while the
 * client waits, so it gets a 400 rather than a job that fails a moment later.
 */
export function checkFileStart(start: Buffer): string | null {
  if (start.includes(0)) return 'The file is not CSV text: it holds binary data';
  let text: string;
  try {
    // stream: a character cut at the end of the piece is not an error.
    text = new TextDecoder('utf-8', { fatal: true }).decode(start, { stream: true });
  } catch {
    return 'The file is not UTF-8 CSV text';
  }
  let header: string[];
  try {
    const [first] = parse(text.split('\n', 1)[0]!, { bom: true, relax_quotes: true }) as string[][];
    header = (first ?? []).map(normaliseHeader);
  } catch (error) {
    return `The file is not valid CSV: ${(error as Error).message}`;
  }
  const missing = missingColumns(header);
  return missing.length ? `The CSV header must include the columns: ${missing.join(', ')}` : null;
}
