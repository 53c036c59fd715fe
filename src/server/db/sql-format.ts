/**
 * to_char pattern that writes a timestamp exactly as Date#toISOString does (use it on
 * `column at time zone 'utc'`), so rows read with raw SQL match the API's ISO strings.
 */
export const SQL_ISO_FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
