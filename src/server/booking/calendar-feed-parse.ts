// Busy time of a host's external calendar feed (the text of a .ics "secret address"), as a pure
// function: ical.js parses the file and expands recurrences, luxon turns wall-clock times into
// instants (ical.js only knows the zones whose VTIMEZONE is in the file).
// The server calls it only in a child process under budgets (calendar-feed-read.ts): a feed is
// whatever a signed-in user points at.
import ICAL from 'ical.js';
import { DateTime, IANAZone, type Duration } from 'luxon';
import { budgetReason, FEED_READ_BUDGET, FeedBudgetError } from './calendar-feed-budget';
import { laterSeriesStart } from './calendar-feed-skip';

export interface BusyInterval {
  startsAt: Date;
  endsAt: Date;
}

/** The feed is not iCalendar, or not readable as such; the message is meant for the host. */
export class CalendarFeedError extends Error {
  override name = 'CalendarFeedError';
}

type Component = ICAL.Component;
type Time = ICAL.Time;

/** Guards against rules that never end or never match (FREQ=SECONDLY from 1970, ...). */
const MAX_ITERATIONS = 10_000;

/** Counts the occurrences stepped through in a whole feed; past `max` the feed is over budget. */
type StepCounter = () => void;
function stepCounter(max: number): StepCounter {
  let left = max;
  return () => {
    if (--left < 0) throw new FeedBudgetError(budgetReason.occurrences(max));
  };
}

/**
 * Busy times of an iCalendar feed that overlap [from, to): whole occurrences (not clipped), sorted
 * by start, at most `maxIntervals` (the earliest). Recurrences are expanded (RRULE, RDATE, EXDATE)
 * and RECURRENCE-ID overrides replace the occurrence they name. Transparent and cancelled events
 * are not busy. All-day and floating times are read in `fallbackZone` (the host's IANA zone).
 * Series start near the window where their rule allows (calendar-feed-skip.ts); past
 * `maxOccurrences` steps in all, the feed is over budget (FeedBudgetError).
 */
export function busyIntervalsOfFeed(
  ics: string,
  window: { from: Date; to: Date },
  fallbackZone: string,
  maxIntervals = 5000,
  maxOccurrences = FEED_READ_BUDGET.maxOccurrences,
): BusyInterval[] {
  const text = ics.replace(/^\uFEFF/, '').trimStart();
  if (!/^BEGIN:VCALENDAR\r?\n/i.test(text)) throw new CalendarFeedError('Not an iCalendar file');

  const found: BusyInterval[] = [];
  const keepEarliest = () => {
    found.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    found.length = Math.min(found.length, maxIntervals);
  };
  const step = stepCounter(maxOccurrences);
  try {
    const parsed: unknown[] = ICAL.parse(text);
    // Several calendars in one file parse to a list of them.
    const calendars = Array.isArray(parsed[0]) ? parsed : [parsed];
    for (const jcal of calendars) {
      const byUid = groupByUid(new ICAL.Component(jcal as unknown[]).getAllSubcomponents('vevent'));
      for (const { masters, overrides } of byUid.values()) {
        const current = currentOverrides(overrides, fallbackZone);
        // A moved occurrence is busy where it moved to, inside the window or not, and so is an
        // override whose series is not in the feed (an invitation to one occurrence).
        for (const o of current.values()) addSpan(found, window, o, fallbackZone);
        for (const master of masters)
          expandSeries(found, window, master, current, fallbackZone, step);
        // Bounds memory on huge feeds; the earliest intervals are the ones returned.
        if (found.length > 2 * maxIntervals) keepEarliest();
      }
    }
  } catch (error) {
    if (error instanceof FeedBudgetError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new CalendarFeedError(`The calendar could not be read: ${reason}`, { cause: error });
  }
  keepEarliest();
  return found;
}

function groupByUid(vevents: Component[]) {
  const byUid = new Map<string, { masters: Component[]; overrides: Component[] }>();
  for (const vevent of vevents) {
    if (!vevent.hasProperty('dtstart')) continue;
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
    const group = byUid.get(uid) ?? { masters: [], overrides: [] };
    byUid.set(uid, group);
    (vevent.hasProperty('recurrence-id') ? group.overrides : group.masters).push(vevent);
  }
  return byUid;
}

/** Overrides by the instant of the occurrence they replace (RECURRENCE-ID in UTC or a TZID alike). */
function currentOverrides(overrides: Component[], fallbackZone: string) {
  const byInstant = new Map<number, Component>();
  for (const o of overrides) {
    const id = o.getFirstPropertyValue('recurrence-id') as Time;
    const key = instantOf(id, tzidOf(o, 'recurrence-id'), fallbackZone).toMillis();
    const previous = byInstant.get(key);
    // Several versions of one override: the highest SEQUENCE is the current one.
    if (!previous || sequenceOf(o) >= sequenceOf(previous)) byInstant.set(key, o);
  }
  return byInstant;
}

/** The occurrences of a series that no override replaces (overrides are added on their own). */
function expandSeries(
  found: BusyInterval[],
  window: { from: Date; to: Date },
  master: Component,
  replaced: Map<number, Component>,
  fallbackZone: string,
  step: StepCounter,
) {
  if (!isBusy(master)) return;
  // Given no exceptions, ical.js does not relate every RECURRENCE-ID of the file, whatever its UID.
  const event = new ICAL.Event(master, { exceptions: [] });
  const tzid = tzidOf(master, 'dtstart');
  const ianaZone = unresolvedIanaZone(event.startDate, tzid);
  if (ianaZone) restateUtcTimes(master, ianaZone);
  const first = spanOf(event, fallbackZone);
  // All-day events last whole local days; timed ones an exact length, whatever the clocks do.
  const length: Duration = event.startDate.isDate
    ? first.end.diff(first.start, 'days')
    : first.end.diff(first.start);
  // ical.js leaves DTSTART out of an RDATE-only set, yet it is always the first instance.
  if (!master.hasProperty('rrule') && master.hasProperty('rdate')) {
    master.addPropertyWithValue('rdate', event.startDate.clone());
  }
  const spanMs = (time: Time): [number, number] => {
    const start = instantOf(time, tzid, fallbackZone);
    return [start.toMillis(), start.plus(length).toMillis()];
  };
  const occurrences = event.iterator(
    laterSeriesStart(master, event.startDate, window.from, spanMs),
  );
  let previous: number | undefined;
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    step();
    let next: Time | null;
    try {
      next = occurrences.next();
    } catch {
      break; // ical.js gives up on a rule that matches nothing ("max tries"): the series ends
    }
    if (!next) break;
    const start = instantOf(next, tzid, fallbackZone);
    if (start.toJSDate() >= window.to) break;
    // An RDATE that repeats an occurrence is the same instance (they come in order).
    if (start.toMillis() === previous) continue;
    previous = start.toMillis();
    if (!replaced.has(previous)) push(found, window, start, start.plus(length));
  }
}

/** Adds one event component as it stands (its own DTSTART and end), if it is busy. */
function addSpan(
  found: BusyInterval[],
  window: { from: Date; to: Date },
  vevent: Component,
  fallbackZone: string,
) {
  if (!isBusy(vevent)) return;
  const { start, end } = spanOf(new ICAL.Event(vevent, { exceptions: [] }), fallbackZone);
  push(found, window, start, end);
}

function push(found: BusyInterval[], window: { from: Date; to: Date }, s: DateTime, e: DateTime) {
  const [startsAt, endsAt] = [s.toJSDate(), e.toJSDate()];
  if (endsAt > startsAt && startsAt < window.to && endsAt > window.from) {
    found.push({ startsAt, endsAt });
  }
}

/** ical.js's endDate: DTEND, else DTSTART + DURATION, else one day for a DATE, else DTSTART. */
function spanOf(event: ICAL.Event, fallbackZone: string) {
  const endProp = event.component.hasProperty('dtend') ? 'dtend' : 'dtstart';
  return {
    start: instantOf(event.startDate, tzidOf(event.component, 'dtstart'), fallbackZone),
    end: instantOf(event.endDate, tzidOf(event.component, endProp), fallbackZone),
  };
}

function isBusy(vevent: Component) {
  const upper = (name: string) => String(vevent.getFirstPropertyValue(name) ?? '').toUpperCase();
  return upper('status') !== 'CANCELLED' && upper('transp') !== 'TRANSPARENT';
}

function sequenceOf(vevent: Component) {
  return Number(vevent.getFirstPropertyValue('sequence') ?? 0) || 0;
}

function tzidOf(vevent: Component, property: string): string | undefined {
  const tzid = vevent.getFirstProperty(property)?.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : undefined;
}

/** The TZID of a date-time that ical.js could not resolve (no VTIMEZONE in the file) but luxon knows. */
function unresolvedIanaZone(time: Time, tzid: string | undefined) {
  const floating = !time.isDate && time.zone === ICAL.Timezone.localTimezone;
  return floating && tzid && IANAZone.isValidZone(tzid) ? tzid : undefined;
}

/**
 * The instant a time stands for. ical.js resolves UTC and TZIDs with a VTIMEZONE in the file, and
 * leaves the rest floating (wall-clock fields only): those are read in their TZID if luxon knows
 * it, else in the fallback zone, like dates and floating times.
 */
function instantOf(time: Time, tzid: string | undefined, fallbackZone: string): DateTime {
  if (!time.isDate && time.zone !== ICAL.Timezone.localTimezone) {
    return DateTime.fromSeconds(time.toUnixTime(), { zone: 'utc' });
  }
  const zone = unresolvedIanaZone(time, tzid) ?? fallbackZone;
  const { year, month, day, hour, minute, second } = time;
  return DateTime.fromObject({ year, month, day, hour, minute, second }, { zone });
}

/**
 * ical.js compares floating times as if they were UTC, so with a TZID it could not resolve, a UTC
 * UNTIL, EXDATE or RDATE (UNTIL is always UTC with a TZID) would be off by the zone's offset: restate
 * them as wall-clock times of that zone, like the occurrences.
 */
function restateUtcTimes(master: Component, zone: string) {
  const restate = (time: unknown) => {
    if (!(time instanceof ICAL.Time) || time.isDate || time.zone !== ICAL.Timezone.utcTimezone) {
      return;
    }
    const { year, month, day, hour, minute, second } = DateTime.fromSeconds(time.toUnixTime(), {
      zone,
    });
    time.fromData({ year, month, day, hour, minute, second }, ICAL.Timezone.localTimezone);
  };
  for (const rule of master.getAllProperties('rrule')) {
    restate((rule.getFirstValue() as ICAL.Recur).until);
  }
  for (const dates of [...master.getAllProperties('exdate'), ...master.getAllProperties('rdate')]) {
    dates.getValues().forEach(restate);
  }
}
