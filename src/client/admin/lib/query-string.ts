/** `?a=1&b=2` from the values given (blank and missing ones left out), or '' when none are. */
export function queryString(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams(
    Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return params.size ? `?${params.toString()}` : '';
}
