// Reads a fetched calendar feed into busy times in a child process of its own, held to the
// budgets of calendar-feed-budget.ts, so a hostile feed costs a capped process and never the
// server's event loop or heap. A process, not a worker thread: a thread that reaches its heap
// limit can make V8 abort the whole server (seen with the CSV import, import-worker.ts), a child
// only itself.
import { fork } from 'node:child_process';
import { CHILD_EXEC_ARGV, COMPILED } from '../runtime';
import {
  budgetReason,
  FEED_READ_BUDGET,
  FeedBudgetError,
  type FeedReadBudget,
} from './calendar-feed-budget';
import { CalendarFeedError, type BusyInterval } from './calendar-feed-parse';

/** What the child is asked (instants as epoch milliseconds: IPC speaks JSON). */
export interface FeedReadRequest {
  text: string;
  from: number;
  to: number;
  fallbackZone: string;
  maxOccurrences: number;
}

/** What it answers: the busy intervals, or why the feed cannot be read (worded for the host). */
export type FeedReadReply =
  { busy: [startsAt: number, endsAt: number][] } | { error: string; overBudget: boolean };

/** The reader process failed (a bug, not the feed's fault); `output` is the end of its stderr. */
export class FeedReaderError extends Error {
  override name = 'FeedReaderError';
  constructor(
    ending: string,
    readonly output: string,
  ) {
    super(`The calendar could not be read: the reader stopped (${ending})`);
  }
}

/** Readers at once on this instance: each may take a core and its heap budget. */
const READERS_AT_ONCE = 2;

/**
 * busyIntervalsOfFeed (calendar-feed-parse.ts) in a child process. Throws FeedBudgetError for a
 * feed over a budget, CalendarFeedError for one that is not a readable calendar, FeedReaderError
 * if the reader itself failed.
 */
export async function readFeedInChildProcess(
  text: string,
  window: { from: Date; to: Date },
  fallbackZone: string,
  budget: FeedReadBudget = FEED_READ_BUDGET,
): Promise<BusyInterval[]> {
  if (text.length > budget.maxChars) throw new FeedBudgetError(budgetReason.size(budget.maxChars));
  const request: FeedReadRequest = {
    text,
    from: window.from.getTime(),
    to: window.to.getTime(),
    fallbackZone,
    maxOccurrences: budget.maxOccurrences,
  };
  const reply = await inTurn(() => runReader(request, budget));
  if ('error' in reply)
    throw reply.overBudget ? new FeedBudgetError(reply.error) : new CalendarFeedError(reply.error);
  return reply.busy.map(([startsAt, endsAt]) => ({
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
  }));
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `read` once fewer than READERS_AT_ONCE others run. */
async function inTurn<T>(read: () => Promise<T>): Promise<T> {
  while (running >= READERS_AT_ONCE) await new Promise<void>((go) => waiting.push(go));
  running++;
  try {
    return await read();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** One child process: its reply, or a rejection saying how it ended without one. */
function runReader(request: FeedReadRequest, budget: FeedReadBudget): Promise<FeedReadReply> {
  return new Promise((done, fail) => {
    const entry = new URL(`./calendar-feed-process.${COMPILED ? 'js' : 'ts'}`, import.meta.url);
    const child = fork(entry, [], {
      execArgv: [
        ...CHILD_EXEC_ARGV,
        `--max-old-space-size=${budget.heapMb}`,
        '--max-semi-space-size=4',
      ],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    // V8's out-of-memory report, or a crash's stack: for the error of a reader that failed.
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      stderr = (stderr + text).slice(-1000);
    });
    let reply: FeedReadReply | undefined;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, budget.timeoutMs);
    child.once('message', (message: FeedReadReply) => (reply = message));
    child.once('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    // 'close', not 'exit': the reply may still be on its way when the process has exited.
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (reply) done(reply);
      else if (timedOut) fail(new FeedBudgetError(budgetReason.time(budget.timeoutMs)));
      // V8 ends a process out of heap with SIGABRT or SIGTRAP (exit code 134 or 133).
      else if (signal === 'SIGABRT' || signal === 'SIGTRAP' || code === 134 || code === 133)
        fail(new FeedBudgetError(budgetReason.memory(budget.heapMb)));
      else fail(new FeedReaderError(signal ?? `exit code ${code}`, stderr));
    });
    // A child that dies at once fails the send too; 'close' above says how it ended.
    child.send(request, () => {});
  });
}
