import { Link } from 'wouter';
import { isOverdue, type TTask } from '../../../shared/tasks.schema';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { trpc } from '../../lib/trpc';
import { addDays, dayInZone, startOfDayInZone } from '../../../shared/time-zone';
import { displayTimeZone } from '../lib/display-zone';
import { formatDateTime, formatTime } from '../lib/format';

/** Today in the user's time zone, as instants. */
function today(now = new Date()) {
  const zone = displayTimeZone();
  const day = dayInZone(now, zone);
  return {
    start: startOfDayInZone(day, zone).toISOString(),
    end: startOfDayInZone(addDays(day, 1), zone).toISOString(),
  };
}

/** "12 min", "3 h 5 min", "2 days": how long a lead has waited. */
function waited(since: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

function Column({
  title,
  count,
  empty,
  children,
}: {
  title: string;
  count: number | undefined;
  empty: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold text-slate-700">
        {title}
        {count !== undefined && <span className="ml-1 text-slate-500">({count})</span>}
      </h3>
      {count === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="space-y-2">{children}</ul>
      )}
    </section>
  );
}

/**
 * The signed-in user's day: their calls today, their open tasks due today or overdue, and their
 * leads still new with how long each has waited (longest first).
 */
export function MyDayPanel({ userId }: { userId: number }) {
  const { start, end } = today();
  const calls = trpc.admin.booking.list.useQuery({
    from: start,
    to: end,
    hostId: userId,
    status: 'confirmed',
    limit: 20,
  });
  const overdue = trpc.admin.tasks.list.useQuery({ assigneeId: userId, due: 'overdue', limit: 50 });
  const upcoming = trpc.admin.tasks.list.useQuery({
    assigneeId: userId,
    state: 'open',
    due: 'upcoming',
    limit: 50,
  });
  const leads = trpc.admin.contacts.find.useQuery({ ownerId: 'me', status: 'new', limit: 20 });

  const dueToday = (upcoming.data?.items ?? []).filter((t) => t.dueAt < end);
  const tasks: TTask[] | undefined =
    overdue.data && upcoming.data ? [...overdue.data.items, ...dueToday] : undefined;
  const waiting = leads.data
    ? [...leads.data.items].sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    : undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle>My Day</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6 md:grid-cols-3">
        <Column title="Calls today" count={calls.data?.items.length} empty="No calls today.">
          {calls.data?.items.map((call) => (
            <li key={call.id} className="text-sm">
              <span className="font-medium text-slate-900">{formatTime(call.startsAt)}</span>{' '}
              <Link
                href={`/contacts?contact=${call.contactId}`}
                className="text-primary underline underline-offset-2"
              >
                {call.contact.name}
              </Link>
            </li>
          ))}
        </Column>
        <Column title="Tasks due" count={tasks?.length} empty="Nothing due today.">
          {tasks?.map((task) => (
            <li key={task.id} className="text-sm">
              <Link href="/tasks" className="font-medium text-slate-900 hover:text-primary">
                {task.title}
              </Link>
              <span
                className={`block ${isOverdue(task) ? 'font-semibold text-red-700' : 'text-slate-600'}`}
              >
                {isOverdue(task) ? 'Overdue: ' : 'Due '}
                {formatDateTime(task.dueAt)}
              </span>
            </li>
          ))}
        </Column>
        <Column title="New leads waiting" count={waiting?.length} empty="No new leads waiting.">
          {waiting?.map((lead) => (
            <li key={lead.id} className="text-sm">
              <Link
                href={`/contacts?contact=${lead.id}`}
                className="text-primary underline underline-offset-2"
              >
                {lead.name}
              </Link>
              <span className="block text-slate-600">waiting {waited(lead.createdAt)}</span>
            </li>
          ))}
        </Column>
      </CardContent>
    </Card>
  );
}
