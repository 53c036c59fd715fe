// What the streamed import (contact-imports/) needs of contacts: reading a CSV row as a contact,
// and writing batches of them to the contacts table, which only contacts writes. The writes run
// on the connection the import passes in, inside its transaction.
// Reading a row: its header check, its mapping and its parse into a contact.
export * from './csv-row';
export { writeContactBatch, type TImportRow } from './contact-import-batch.sql';
export { mergeTrigramPendingLists } from './contact-search-index.sql';
