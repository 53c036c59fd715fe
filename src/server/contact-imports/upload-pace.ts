/** How fast an import upload must keep arriving: on average, over any window of this length. */
export interface UploadPaceRule {
  minBytesPerSecond: number;
  windowSeconds: number;
}

/** 10 KB/s averaged over 30 s: a 1 GB file on a slow line may take hours, a stalled one cannot. */
export const IMPORT_UPLOAD_PACE: UploadPaceRule = {
  minBytesPerSecond: 10 * 1024,
  windowSeconds: 30,
};

export const uploadTooSlowMessage = (rule: UploadPaceRule) =>
  `The upload was slower than ${rule.minBytesPerSecond / 1024} KB/s over ${rule.windowSeconds} seconds; nothing was stored`;

/**
 * Counts the bytes of an upload against the rule. `tooSlow` is asked about once a second; the
 * samples it keeps cover one window, so memory stays constant however long the upload runs.
 */
export class UploadPace {
  private total = 0;
  /** (time, bytes received by then), oldest first, spanning the last window. */
  private readonly samples: { at: number; total: number }[];

  constructor(
    private readonly rule: UploadPaceRule,
    private readonly startedAt: number,
  ) {
    this.samples = [{ at: startedAt, total: 0 }];
  }

  received(bytes: number): void {
    this.total += bytes;
  }

  tooSlow(now: number): boolean {
    const windowMs = this.rule.windowSeconds * 1000;
    this.samples.push({ at: now, total: this.total });
    // Keep the newest sample at or before the window's start, and everything after it.
    while (this.samples.length > 1 && this.samples[1]!.at <= now - windowMs) this.samples.shift();
    if (now - this.startedAt < windowMs) return false;
    const base = this.samples[0]!;
    const seconds = (now - base.at) / 1000;
    return this.total - base.total < this.rule.minBytesPerSecond * seconds;
  }
}
