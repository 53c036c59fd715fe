// The slot rules under random and extreme instants, in a worker thread stopped after a time
// limit: a rule that never returns fails this test instead of hanging the suite.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOKING_SETTINGS, type TAvailability } from '../../shared/booking.schema';
import type { checkSlotRules } from './slots.fuzz';
import { dateOfDayNumber, dayNumberOf, weekdayOf } from './wall-clock';

/** The calendar date after `date`, as the slot rules step (by day number). */
const nextDate = (date: string) => dateOfDayNumber(dayNumberOf(date) + 1);

const TIME_LIMIT_MS = 25_000;

/** Runs `code` (an async function body that may `await import(...)` TypeScript) in a worker. */
function inWorker(code: string): Promise<unknown> {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     (async () => { await import('tsx/esm/api').then((tsx) => tsx.register()); ${code} })().then(
       (value) => parentPort.postMessage({ value }),
       (error) => parentPort.postMessage({ error: String(error && error.stack || error) }),
     );`,
    { eval: true },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`the slot rules did not finish within ${TIME_LIMIT_MS} ms`));
    }, TIME_LIMIT_MS);
    worker.once('message', (m: { value?: unknown; error?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (m.error) reject(new Error(m.error));
      else resolve(m.value);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

const module = (name: string) => JSON.stringify(new URL(name, import.meta.url).href);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

describe('the slot rules under random and extreme instants', () => {
  it('finish, call by call, and answer only starts inside the window (years 0001 to 9999)', async () => {
    const check: typeof checkSlotRules extends (...a: infer A) => number ? A : never = [seed, 300];
    const runs = await inWorker(
      `return (await import(${module('./slots.fuzz.ts')})).checkSlotRules(...${JSON.stringify(check)});`,
    );
    expect(runs).toBe(300);
  }, 30_000);

  it('answer at once for 9999-12-31 in every zone, also where that is already year 10000', async () => {
    const everyDay = (timeZone: string): TAvailability => ({
      timeZone,
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })),
      overrides: [],
    });
    const args = ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'].map((zone) => [
      everyDay(zone),
      DEFAULT_BOOKING_SETTINGS,
    ]);
    const answers = await inWorker(`
      const { isOffered, offeredStarts } = await import(${module('./slots.ts')});
      const start = new Date('9999-12-31T14:00:00Z');
      return ${JSON.stringify(args)}.map(([hours, rules]) => [
        isOffered(hours, rules, start, new Date('2026-12-07T08:00:00Z')),
        offeredStarts(hours, rules, { start, end: new Date(start.getTime() + 1) }).length,
      ]);`);
    // Not offered (past the horizon); the hour itself is inside the hours every day.
    expect(answers).toEqual([
      [false, 1],
      [false, 1],
      [false, 1],
    ]);
  }, 30_000);
});

describe('calendar dates are numbers, not text', () => {
  it('step past 9999-12-31 and over leap days, and name weekdays at both ends of the range', () => {
    expect(nextDate('9999-12-31')).toBe('+010000-01-01');
    expect(dayNumberOf('+010000-01-01')).toBe(dayNumberOf('9999-12-31') + 1);
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
    expect(nextDate('2100-02-28')).toBe('2100-03-01');
    expect(dateOfDayNumber(dayNumberOf('0001-01-01'))).toBe('0001-01-01');
    expect(weekdayOf('0001-01-01')).toBe(1); // a Monday in the proleptic Gregorian calendar
    expect(weekdayOf('9999-12-31')).toBe(5); // a Friday
    expect(weekdayOf('1969-12-31')).toBe(3); // before day 0: a Wednesday
  });
});
