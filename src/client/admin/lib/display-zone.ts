// The zone the back office shows times in: the signed-in user's (Account), or the browser's until
// it is known. Set by DisplayZone before the screens render; read by the formatters in format.ts.
import { browserTimeZone } from '../../lib/call-times';

let current: string | null = null;

export function setDisplayTimeZone(timeZone: string): void {
  current = timeZone;
}

export function displayTimeZone(): string {
  return current ?? browserTimeZone();
}
