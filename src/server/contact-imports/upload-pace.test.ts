import { describe, expect, it } from 'vitest';
import { IMPORT_UPLOAD_PACE, UploadPace } from './upload-pace';

/** Feeds `bytesPerSecond` for `seconds`, asking once a second; the second it was refused, or null. */
function run(bytesPerSecond: (second: number) => number, seconds: number): number | null {
  const pace = new UploadPace(IMPORT_UPLOAD_PACE, 0);
  for (let s = 1; s <= seconds; s++) {
    pace.received(bytesPerSecond(s));
    if (pace.tooSlow(s * 1000)) return s;
  }
  return null;
}

describe('the import upload pace (10 KB/s averaged over 30 s)', () => {
  it('lets an upload at 100 KB/s run for as long as it takes (here two hours)', () => {
    expect(run(() => 100 * 1024, 7200)).toBeNull();
  });

  it('lets an upload at exactly 10 KB/s through, and one just under it is refused after 30 s', () => {
    expect(run(() => 10 * 1024, 600)).toBeNull();
    expect(run(() => 10 * 1024 - 50, 600)).toBe(30);
  });

  it('averages: a 20 s pause is fine when the window as a whole carries 300 KB', () => {
    expect(run((s) => (s % 30 < 20 ? 0 : 31 * 1024), 600)).toBeNull();
  });

  it('refuses a stalled upload 30 s after it stopped sending, however fast it was before', () => {
    expect(run((s) => (s <= 100 ? 1024 * 1024 : 0), 1000)).toBe(130);
  });
});
