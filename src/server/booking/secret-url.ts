/**
 * A calendar's secret address as the back office and the audit log show it: its scheme and host
 * only (`https://calendar.google.com/…`). Google's and Outlook's iCal addresses are passwords:
 * whoever holds one reads the whole calendar.
 */
export function maskSecretUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}/…`;
  } catch {
    return '…';
  }
}
