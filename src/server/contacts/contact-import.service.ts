// What the streamed import (contact-imports/) needs of contacts: reading a CSV row as a contact,
// and writing batches of them to the contacts table, which only contacts writes. The writes run
// on the connection the import passes in, inside its transaction.
export {
  mappedRecord,
  missingColumns,
  normaliseHeader,
  parseCsvRow,
  startLine,
  unknownMappedColumns,
  type CsvRecord,
} from './csv-row';
export { writeContactBatch, type TImportRow } from './contact-import-batch.sql';
export { mergeTrigramPendingLists } from './contact-search-index.sql';
