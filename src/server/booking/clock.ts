// The one clock of the booking rules: slots, notice, horizon and token expiry read it, so a test
// can stand on either side of a daylight-saving change (setBookingClock) without waiting for one.
let fixed: Date | null = null;

export const bookingNow = (): Date => fixed ?? new Date();

/** Tests only: pin the booking clock to `now`, or back to real time with null. */
export function setBookingClock(now: Date | null): void {
  fixed = now;
}
