import { contactsCsvFileName } from '../../../shared/contacts.schema';
import { queryString } from './query-string';

/**
 * Downloads the contacts export through fetch + blob (the route needs the admin cookie) and
 * saves it as contacts-{today}.csv: every contact, or what `query` (the list's filters, or
 * `ids`) selects. Any failure raises 'Failed to download CSV'.
 */
export function downloadContactsCsv(
  query: Record<string, string | undefined> = {},
): Promise<string> {
  return downloadCsv('/api/contacts/export/csv', query, contactsCsvFileName());
}

/** Saves the CSV an admin route answers for `query` as `name`. */
export async function downloadCsv(
  path: string,
  query: Record<string, string | undefined>,
  name: string,
): Promise<string> {
  const res = await fetch(`${path}${queryString(query)}`, {
    credentials: 'include',
    headers: { Accept: 'text/csv' },
  });
  if (!res.ok) throw new Error('Failed to download CSV');
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
