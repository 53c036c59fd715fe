// Where a series' expansion can start so that its occurrences before the booking window are
// jumped over instead of stepped through (a daily series since 2005 is 7,000 steps, and one
// FREQ=SECONDLY event from 1970 never reaches the window). ical.js has no "from this date": its
// iterator takes the time it is given as the series' DTSTART. So the start only moves where that
// is still the same series: by a whole number of the rule's periods.
import ICAL from 'ical.js';

/**
 * Rules whose periods are a fixed run of wall-clock time (ical.js steps through the fields of the
 * local time): their occurrences from DTSTART + n periods on are the series' own, since the rule
 * parts are either calendar filters or defaults taken from fields a whole period leaves alone.
 * MONTHLY and YEARLY are a few hundred steps since 1970 at most; they stay as they are.
 */
const PERIOD_SECONDS: Partial<Record<string, number>> = {
  SECONDLY: 1,
  MINUTELY: 60,
  HOURLY: 3600,
  DAILY: 86_400,
  WEEKLY: 7 * 86_400,
};

/** A local time is UTC -12 h to +14 h (IANA's extremes); the jump stops a day short of that. */
const ZONE_SLACK_S = 26 * 3600;

/**
 * A later start for the series of `master` (first at `start`) whose occurrences before it all end
 * before `windowFrom`, or undefined to start at DTSTART. `spanMs` is the instants an occurrence
 * starting at a time takes (zone and length as the caller reads them): the jump is checked with
 * it, not assumed.
 */
export function laterSeriesStart(
  master: ICAL.Component,
  start: ICAL.Time,
  windowFrom: Date,
  spanMs: (start: ICAL.Time) => [startMs: number, endMs: number],
): ICAL.Time | undefined {
  const rules = master.getAllProperties('rrule');
  // Each rule would need its own start; COUNT numbers occurrences from DTSTART.
  if (rules.length !== 1) return undefined;
  const rule = rules[0]!.getFirstValue() as ICAL.Recur;
  const periodS = PERIOD_SECONDS[rule.freq];
  if (!periodS || rule.count || (start.isDate && periodS < 86_400)) return undefined;

  const stepS = periodS * (rule.interval || 1);
  const wallS =
    Date.UTC(start.year, start.month - 1, start.day, start.hour, start.minute, start.second) / 1000;
  const [startMs, endMs] = spanMs(start);
  const lengthS = Math.max(0, endMs - startMs) / 1000;
  const targetS = windowFrom.getTime() / 1000 - lengthS - ZONE_SLACK_S;
  const steps = Math.floor((targetS - wallS) / stepS) - 1;
  if (!(steps > 0)) return undefined;

  const later = start.clone();
  if (stepS % 86_400 === 0) later.adjust((steps * stepS) / 86_400, 0, 0, 0);
  else later.adjust(0, 0, 0, steps * stepS);
  // Wall-clock order is time order, so every occurrence before `later` ends by its end too.
  return spanMs(later)[1] <= windowFrom.getTime() ? later : undefined;
}
