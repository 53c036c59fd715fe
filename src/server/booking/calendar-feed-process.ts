// Entry point of the child process one calendar feed is read in (see calendar-feed-read.ts): it
// takes one FeedReadRequest over IPC, answers one FeedReadReply and exits. Its heap is capped by
// the parent (--max-old-space-size), and the parent kills it when it takes too long.
import { installSourceMappedStacks } from '../source-mapped-stacks';
import { FeedBudgetError } from './calendar-feed-budget';
import { busyIntervalsOfFeed, CalendarFeedError } from './calendar-feed-parse';
import type { FeedReadReply, FeedReadRequest } from './calendar-feed-read';

installSourceMappedStacks();
// The server went away (killed, crashed): nobody is waiting for the answer.
const orphaned = () => process.exit(1);
process.on('disconnect', orphaned);

process.once('message', (request: FeedReadRequest) => {
  const reply = answer(request);
  process.off('disconnect', orphaned);
  process.send!(reply, () => process.disconnect());
});

function answer({ text, from, to, fallbackZone, maxOccurrences }: FeedReadRequest): FeedReadReply {
  try {
    const window = { from: new Date(from), to: new Date(to) };
    const busy = busyIntervalsOfFeed(text, window, fallbackZone, undefined, maxOccurrences);
    return { busy: busy.map((b) => [b.startsAt.getTime(), b.endsAt.getTime()]) };
  } catch (error) {
    // Only these two are the feed's fault and worded for the host; anything else is a bug here.
    if (error instanceof FeedBudgetError) return { error: error.message, overBudget: true };
    if (error instanceof CalendarFeedError) return { error: error.message, overBudget: false };
    throw error;
  }
}
