// Booking the strategy call under load, on the production app (its own process, a scratch
// database on the local PostgreSQL), each figure beside a physical baseline measured in the same
// run on the same database.
//
// A. Free times of a pool: 20 hosts (weekdays 09:00-17:00 in five time zones), all in the
//    lead-routing pool, each with one calendar feed of 500 busy intervals over the next 14 days
//    (written with SQL), for a lead without an owner. GET /api/booking/slots for 14 and 7 days:
//    20 warm-ups, then 200 requests one after another. Goal: p95 under 50 ms. Baseline: the
//    hosts' busy times and bookings over the same window, one statement over a plain `pg` client.
//    One answer is checked against the slot rules (src/server/booking/slots.ts) applied to the
//    rows written: a time offered while every host is busy is reported.
// B. A race for one host: 200 leads (200 booking links), 20 on each of the host's first 10 free
//    times that do not block one another, all POST /api/bookings at once. Goal: exactly 10 × 201,
//    190 × 409, no 5xx, 10 confirmed bookings in the database and none overlapping, p99 under
//    500 ms. Baseline: the same 200 bookings as bare INSERT ... ON CONFLICT ON CONSTRAINT
//    bookings_no_overlap DO NOTHING at once over a pg pool of the app's size (10), then deleted.
//    Three rounds, the bookings deleted between them.
//
//   npm run bench:booking                                (writes "Booking" in docs/BENCHMARKS.md)
//   node --import tsx bench/booking.ts --requests 50 --rounds 1      (quick, prints only)
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { DateTime } from 'luxon';
import pg from 'pg';
import { ormOptions } from '../mikro-orm.config';
import type { TAvailability, TBookingSettings, TSlots } from '../src/shared/booking.schema';
import { offeredStarts, type HostCalendar } from '../src/server/booking/slots';
import { createDatabase, dropDatabase, pgAdminUrl, reachable } from '../src/server/test/pg-admin';
import { adminApi } from './admin-api';
import { startAppInstance, type AppInstance } from './app-instance';
import { writeBenchmarkSection } from './bench-doc';
import { countCpu } from './cpu-use';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const HOSTS = arg('hosts', 20);
const BUSY_PER_HOST = arg('busy', 500);
const WARMUP = arg('warmup', 20);
const REQUESTS = arg('requests', 200);
const RACERS = arg('racers', 200);
const RACE_SLOTS = arg('slots', 10);
const ROUNDS = arg('rounds', 3);
/** `--app <dir>`: the server of another checkout (an older commit's worktree), for "before" figures. */
const APP_DIR = process.argv.includes('--app')
  ? process.argv[process.argv.indexOf('--app') + 1]
  : undefined;
/** The app's connection pool: the baseline's pool is as large. */
const APP_POOL = ormOptions(pgAdminUrl()).pool?.max ?? 10;
const SLOTS_P95_GOAL_MS = 50;
const RACE_P99_GOAL_MS = 500;
const ADMIN = { username: 'booking-bench', password: 'booking-bench-password-1' };
const ZONES = [
  'Europe/Berlin',
  'Europe/London',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Singapore',
];
const VISITOR_ZONE = 'Europe/Berlin';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const weekdays = (timeZone: string, days = [1, 2, 3, 4, 5]): TAvailability => ({
  timeZone,
  weekly: days.map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
  overrides: [],
});

/** Nearest-rank percentile of ascending `sorted`. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const ratio = (app: number, base: number) => `${(app / base).toFixed(1)}x`;

/** A small seeded generator (mulberry32): every run writes the same calendars. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const checks: { name: string; ok: boolean }[] = [];
function check(name: string, ok: boolean) {
  checks.push({ name, ok });
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}`);
}

/** Submits a lead with the integration key; its contact and booking token. */
async function submitLead(url: string, key: string, n: string) {
  const res = await fetch(`${url}/api/contacts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Bench Lead ${n}`,
      email: `lead-${n}@bench.example`,
      message: 'We would like to talk about outbound calling for our sales team.',
    }),
  });
  const body = (await res.json()) as { contact?: { id: number }; booking?: { token: string } };
  if (!res.ok || !body.booking || !body.contact)
    throw new Error(`lead ${n}: ${res.status} ${JSON.stringify(body)}`);
  return { contactId: body.contact.id, token: body.booking.token };
}

const slotsPath = (token: string, days: number, timeZone = VISITOR_ZONE) =>
  `/api/booking/slots?token=${encodeURIComponent(token)}&days=${days}&timeZone=${encodeURIComponent(timeZone)}`;

async function getSlots(url: string, path: string): Promise<TSlots> {
  const res = await fetch(`${url}${path}`);
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as TSlots;
}

/** Writes one `ok` feed per host and BUSY_PER_HOST random 30-60 minute busy intervals each. */
async function writeCalendars(db: pg.Client, hostIds: number[], from: Date) {
  const rand = random(20261126);
  const feeds = await db.query<{ id: number; user_id: number }>(
    `insert into calendar_feeds (user_id, url, status, last_synced_at)
     select id, 'https://calendar.example/feed.ics', 'ok', now() from unnest($1::int[]) as id
     returning id, user_id`,
    [hostIds],
  );
  // Kept from the periodic refresh during the run, where the schema has it (the fetch of this
  // address would fail, which keeps the busy times anyway).
  await db.query(`do $$ begin
    if exists (select 1 from information_schema.columns
               where table_name = 'calendar_feeds' and column_name = 'next_sync_at') then
      execute 'update calendar_feeds set next_sync_at = now() + interval ''1 day''';
    end if; end $$`);
  const start = Math.ceil(from.getTime() / (15 * MINUTE)) * 15 * MINUTE;
  const busy = new Map<number, { start: Date; end: Date }[]>();
  const cols: [number[], number[], Date[], Date[]] = [[], [], [], []];
  for (const feed of feeds.rows) {
    const own: { start: Date; end: Date }[] = [];
    for (let i = 0; i < BUSY_PER_HOST; i++) {
      const s = start + Math.floor(rand() * 14 * 96) * 15 * MINUTE;
      const e = s + (30 + Math.floor(rand() * 3) * 15) * MINUTE;
      own.push({ start: new Date(s), end: new Date(e) });
      cols[0].push(feed.id);
      cols[1].push(feed.user_id);
      cols[2].push(new Date(s));
      cols[3].push(new Date(e));
    }
    busy.set(feed.user_id, own);
  }
  await db.query(
    `insert into calendar_busy_times (feed_id, user_id, starts_at, ends_at)
     select * from unnest($1::int[], $2::int[], $3::timestamptz[], $4::timestamptz[])`,
    cols,
  );
  await db.query('analyze calendar_busy_times');
  return busy;
}

/**
 * The answer against the slot rules applied to the rows written, over the part of the days shown
 * that does not depend on when within [before, after] the app read its clock: times offered
 * though every host is busy, and free times not offered.
 */
function checkAgainstRows(
  answer: TSlots,
  hosts: HostCalendar[],
  rules: TBookingSettings,
  before: number,
  after: number,
) {
  const today = DateTime.fromMillis(before, { zone: VISITOR_ZONE }).startOf('day');
  const window = {
    start: new Date(after + rules.minNoticeMinutes * MINUTE),
    end: new Date(
      Math.min(
        before + rules.horizonDays * DAY,
        today.plus({ days: answer.days.length }).toMillis(),
      ),
    ),
  };
  const inWindow = (t: number) => t >= window.start.getTime() && t < window.end.getTime();
  const offered = answer.days
    .flatMap((d) => d.slots.map((s) => Date.parse(s.startsAt)))
    .filter(inWindow);
  const free = new Set<number>();
  const hoursAllow = new Set<number>();
  for (const host of hosts)
    for (const { start } of offeredStarts(host.availability, rules, window)) {
      hoursAllow.add(start.getTime());
      if (keepsBuffer(host, start, rules)) free.add(start.getTime());
    }
  const offeredSet = new Set(offered);
  return {
    offered: offered.length,
    allHostsBusy: offered.filter((t) => hoursAllow.has(t) && !free.has(t)).length,
    outsideHours: offered.filter((t) => !hoursAllow.has(t)).length,
    notOffered: [...free].filter((t) => !offeredSet.has(t)).length,
    free: free.size,
  };
}

/** The buffer rule written plainly (a pass over every busy interval), to check the app's answer. */
function keepsBuffer(host: HostCalendar, start: Date, rules: TBookingSettings): boolean {
  const end = start.getTime() + rules.durationMinutes * MINUTE;
  const buffer = rules.bufferMinutes * MINUTE;
  return host.busy.every(
    (b) => end + buffer <= b.start.getTime() || start.getTime() >= b.end.getTime() + buffer,
  );
}

/**
 * WARMUP + REQUESTS sequential GETs, taking `paths` in turn (several leads' links: one link may be
 * read 300 times an hour); the measured latencies.
 */
async function measureSlots(url: string, paths: string[]) {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const path = paths[i % paths.length]!;
    const started = performance.now();
    const res = await fetch(`${url}${path}`);
    await res.arrayBuffer();
    const took = performance.now() - started;
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    if (i >= WARMUP) times.push(took);
  }
  return stats(times);
}

/** The same busy times and bookings as the app reads, with bare SQL on one connection. */
async function measureRawRead(db: pg.Client, hostIds: number[], rules: TBookingSettings) {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const now = Date.now();
    const from = new Date(now + rules.minNoticeMinutes * MINUTE - DAY);
    const to = new Date(now + rules.horizonDays * DAY + DAY);
    const started = performance.now();
    const result = await db.query(
      `select user_id as host_id, starts_at, ends_at from calendar_busy_times
        where user_id = any($1) and starts_at < $3 and ends_at > $2
       union all
       select host_id, starts_at, ends_at from bookings
        where host_id = any($1) and status = 'confirmed' and starts_at < $3 and ends_at > $2`,
      [hostIds, from, to],
    );
    const took = performance.now() - started;
    rows = result.rowCount ?? 0;
    if (i >= WARMUP) times.push(took);
  }
  // What the app's read returns instead: each host's feed times merged where they overlap.
  const now = Date.now();
  const merged = await db.query<{ n: string }>(
    `select count(*) as n from (
       select unnest(range_agg(tstzrange(starts_at, ends_at))) from calendar_busy_times
        where user_id = any($1) and starts_at < $3 and ends_at > $2 group by user_id) m`,
    [
      hostIds,
      new Date(now + rules.minNoticeMinutes * MINUTE - DAY),
      new Date(now + rules.horizonDays * DAY + DAY),
    ],
  );
  return { ...stats(times), rows, mergedRows: Number(merged.rows[0]!.n) };
}

/**
 * The first `count` offered times of one host that do not block one another (duration plus
 * buffer apart, at most the daily cap per UTC day: the host works in UTC).
 */
function raceSlots(answer: TSlots, rules: TBookingSettings, count: number): string[] {
  const chosen: string[] = [];
  const perDay = new Map<string, number>();
  let blockedUntil = 0;
  for (const { startsAt } of answer.days.flatMap((d) => d.slots)) {
    const start = Date.parse(startsAt);
    const day = new Date(start).toISOString().slice(0, 10);
    if (start < blockedUntil || (perDay.get(day) ?? 0) >= rules.maxPerDayPerHost) continue;
    chosen.push(startsAt);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
    blockedUntil = start + (rules.durationMinutes + rules.bufferMinutes) * MINUTE;
    if (chosen.length === count) break;
  }
  if (chosen.length < count) throw new Error(`only ${chosen.length} free times to race for`);
  return chosen;
}

/** Samples ungranted locks every 20 ms while `work` runs: which statements waited, how often. */
async function sampleLockWaits<T>(db: pg.Client, work: Promise<T>) {
  const waits = new Map<string, number>();
  let samples = 0;
  let done = false;
  void work.finally(() => (done = true)).catch(() => undefined);
  while (!done) {
    samples += 1;
    const { rows } = await db.query<{ query: string }>(
      `select left(regexp_replace(a.query, '\\s+', ' ', 'g'), 80) as query
         from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where not l.granted and a.datname = current_database()`,
    );
    for (const { query } of rows) waits.set(query, (waits.get(query) ?? 0) + 1);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { result: await work, samples, waits: [...waits].sort((a, b) => b[1] - a[1]) };
}

/** Every lead books its slot at once over HTTP; statuses, latencies and what the database holds. */
async function race(
  url: string,
  db: pg.Client,
  tokens: string[],
  slots: string[],
  appPid: number | undefined,
) {
  const cpuUsed = countCpu(appPid);
  const attempts = Promise.all(
    tokens.map(async (token, i) => {
      const started = performance.now();
      const res = await fetch(`${url}/api/bookings`, {
        method: 'POST',
        // Each lead from its own network, as 200 visitors are (one network would meet the
        // per-network booking limit, which is not what this measures).
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        },
        body: JSON.stringify({ token, startsAt: slots[i % slots.length] }),
      });
      await res.arrayBuffer();
      return { status: res.status, took: performance.now() - started };
    }),
  );
  const { result: results, samples, waits } = await sampleLockWaits(db, attempts);
  const cpu = cpuUsed();
  const statuses = new Map<number, number>();
  for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  const { rows } = await db.query<{ starts_at: Date }>(
    `select starts_at from bookings where status = 'confirmed' order by starts_at`,
  );
  const overlaps = await db.query<{ n: string }>(
    `select count(*) as n from bookings a join bookings b
        on a.host_id = b.host_id and a.id < b.id
       and tstzrange(a.starts_at, a.blocked_until) && tstzrange(b.starts_at, b.blocked_until)
     where a.status = 'confirmed' and b.status = 'confirmed'`,
  );
  const booked = rows.map((r) => r.starts_at.toISOString());
  return {
    statuses,
    latency: stats(results.map((r) => r.took)),
    confirmed: rows.length,
    overlaps: Number(overlaps.rows[0]!.n),
    oneEach: slots.every((s) => booked.filter((b) => b === new Date(s).toISOString()).length === 1),
    samples,
    waits,
    cpu,
  };
}

/** The same bookings as bare INSERTs at once over a pool of the app's size, then deleted. */
async function rawRace(
  pool: pg.Pool,
  contactIds: number[],
  hostId: number,
  slots: string[],
  rules: TBookingSettings,
) {
  const results = await Promise.all(
    contactIds.map(async (contactId, i) => {
      const start = new Date(slots[i % slots.length]!);
      const end = new Date(start.getTime() + rules.durationMinutes * MINUTE);
      const started = performance.now();
      const result = await pool.query(
        `insert into bookings (contact_id, host_id, starts_at, ends_at, blocked_until, status,
                               manage_token, sequence)
         values ($1, $2, $3, $4, $5, 'confirmed', $6, 0)
         on conflict on constraint bookings_no_overlap do nothing`,
        [
          contactId,
          hostId,
          start,
          end,
          new Date(end.getTime() + rules.bufferMinutes * MINUTE),
          randomBytes(32).toString('hex'),
        ],
      );
      return { inserted: result.rowCount ?? 0, took: performance.now() - started };
    }),
  );
  await pool.query('delete from bookings');
  return {
    inserted: results.reduce((sum, r) => sum + r.inserted, 0),
    latency: stats(results.map((r) => r.took)),
  };
}

const adminUrl = pgAdminUrl();
if (!(await reachable(adminUrl))) throw new Error(`no PostgreSQL at ${adminUrl}`);
const dbName = `convoza_bench_booking_${randomBytes(4).toString('hex')}`;
const dbUrl = await createDatabase(dbName, { adminUrl });
const db = new pg.Client({ connectionString: dbUrl });
const pool = new pg.Pool({ connectionString: dbUrl, max: APP_POOL });
let app: AppInstance | undefined;
try {
  app = await startAppInstance(dbUrl, {
    cwd: APP_DIR,
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
  });
  await db.connect();
  const admin = await adminApi(app.url, ADMIN);
  const { key } = await admin<{ key: string }>('POST', '/integration-keys', { name: 'bench' });
  // The site-wide booking caps would refuse most of a crowd: they are not what this measures.
  const rules = await admin<TBookingSettings>('PUT', '/booking/settings', {
    ...(await admin<TBookingSettings>('GET', '/booking/settings')),
    maxBookingsPerHour: 1000,
    maxBookingsPerDay: 10_000,
  });

  /**
   * A host: a user who signs in to the back office (role admin: lead routing, and so hosting,
   * takes only those). Created as the Users screen does, then given the role.
   */
  const backOfficeUser = async (who: {
    username: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
  }) => {
    const user = await admin<{ id: number }>('POST', '/users', {
      ...who,
      password: 'bench-host-password',
    });
    await admin('PATCH', `/users/${user.id}`, { ...who, role: 'admin' });
    return user;
  };

  // --- A: free times of a pool of HOSTS hosts with BUSY_PER_HOST busy intervals each ---
  const hosts: HostCalendar[] = [];
  for (let i = 0; i < HOSTS; i++) {
    const user = await backOfficeUser({
      username: `host${i}`,
      email: `host${i}@bench.example`,
      firstName: 'Host',
      lastName: String(i),
    });
    const availability = weekdays(ZONES[i % ZONES.length]!);
    await admin('PUT', `/users/${user.id}/availability`, availability);
    hosts.push({ hostId: user.id, availability, busy: [], bookedPerDay: new Map() });
  }
  const hostIds = hosts.map((h) => h.hostId);
  // Submitted while round-robin is off: the contact has no owner, so the pool hosts the call.
  const poolLead = await submitLead(app.url, key, 'pool');
  const poolToken = poolLead.token;
  // More leads of the pool for the timed reads (each link is read at most 300 times an hour).
  const readerTokens = [poolToken];
  for (let i = 1; i < 4; i++) readerTokens.push((await submitLead(app.url, key, `pool${i}`)).token);
  const unowned = await db.query(`select 1 from contacts where owner_id is null and id = $1`, [
    poolLead.contactId,
  ]);
  if (unowned.rowCount !== 1) throw new Error('the pool lead has an owner');
  await admin('PUT', '/lead-routing', { userIds: hostIds });
  const busy = await writeCalendars(db, hostIds, new Date());
  for (const host of hosts) host.busy = busy.get(host.hostId)!;

  const before = Date.now();
  const answer = await getSlots(app.url, slotsPath(poolToken, 14));
  const consistency = checkAgainstRows(answer, hosts, rules, before, Date.now());
  console.log('14-day answer against the rows written:', consistency);

  const slots14 = await measureSlots(
    app.url,
    readerTokens.map((t) => slotsPath(t, 14)),
  );
  const raw = await measureRawRead(db, hostIds, rules);
  const slots7 = await measureSlots(
    app.url,
    readerTokens.map((t) => slotsPath(t, 7)),
  );
  console.log(
    `slots, 14 days: p50 ${ms(slots14.p50)} p95 ${ms(slots14.p95)} p99 ${ms(slots14.p99)}`,
  );
  console.log(`slots, 7 days:  p50 ${ms(slots7.p50)} p95 ${ms(slots7.p95)} p99 ${ms(slots7.p99)}`);
  console.log(`raw read (${raw.rows} rows): p50 ${ms(raw.p50)} p95 ${ms(raw.p95)}`);
  check(
    `slots, 14 days: p95 ${ms(slots14.p95)} < ${SLOTS_P95_GOAL_MS} ms`,
    slots14.p95 < SLOTS_P95_GOAL_MS,
  );
  check(
    `slots, 7 days: p95 ${ms(slots7.p95)} < ${SLOTS_P95_GOAL_MS} ms`,
    slots7.p95 < SLOTS_P95_GOAL_MS,
  );
  check(
    `busy times respected: ${consistency.allHostsBusy} of ${consistency.offered} offered times have every host busy, ${consistency.outsideHours} outside every host's hours, ${consistency.notOffered} free times not offered`,
    consistency.allHostsBusy === 0 &&
      consistency.outsideHours === 0 &&
      consistency.notOffered === 0,
  );

  // --- B: RACERS leads race for RACE_SLOTS times of one host ---
  const racer = await backOfficeUser({
    username: 'racehost',
    email: 'racehost@bench.example',
    firstName: null,
    lastName: null,
  });
  await admin('PUT', `/users/${racer.id}/availability`, weekdays('UTC', [1, 2, 3, 4, 5, 6, 7]));
  // The pool is this host alone: each lead below is routed to it and owned by it.
  await admin('PUT', '/lead-routing', { userIds: [racer.id] });
  const leads = [];
  for (let i = 0; i < RACERS; i++) leads.push(await submitLead(app.url, key, `race-${i}`));
  const tokens = leads.map((l) => l.token);
  const contactIds = leads.map((l) => l.contactId);
  const owners = await db.query<{ n: string }>(
    `select count(*) as n from contacts where id = any($1) and owner_id = $2`,
    [contactIds, racer.id],
  );
  if (Number(owners.rows[0]!.n) !== RACERS) throw new Error('the leads are not the host’s');
  const chosen = raceSlots(
    await getSlots(app.url, slotsPath(tokens[0]!, 14, 'UTC')),
    rules,
    RACE_SLOTS,
  );
  console.log(`racing for ${chosen.join(', ')}`);
  // The baseline's pool has its connections open before its first round, as the app's has.
  await Promise.all(Array.from({ length: APP_POOL }, () => pool.query('select pg_sleep(0.05)')));

  // One round first, not counted: the booking path's code is compiled by then, as on a server
  // that has been up (the slots above get their warm-up requests the same way).
  await race(app.url, db, tokens, chosen, app.child.pid);
  await db.query('delete from bookings');

  const rounds = [];
  const losers = RACERS - RACE_SLOTS;
  for (let round = 1; round <= ROUNDS; round++) {
    const r = await race(app.url, db, tokens, chosen, app.child.pid);
    await db.query('delete from bookings');
    const bare = await rawRace(pool, contactIds, racer.id, chosen, rules);
    rounds.push({ ...r, bare });
    const status = (code: number) => r.statuses.get(code) ?? 0;
    const fivexx = [...r.statuses].filter(([s]) => s >= 500).reduce((sum, [, n]) => sum + n, 0);
    const answered = [...r.statuses].map(([s, n]) => `${n} × ${s}`).join(', ');
    console.log(
      `round ${round}: ${answered}; ${r.confirmed} confirmed, ${r.overlaps} overlapping; p50 ${ms(r.latency.p50)} p95 ${ms(r.latency.p95)} p99 ${ms(r.latency.p99)}; bare INSERTs ${bare.inserted} inserted, p99 ${ms(bare.latency.p99)}` +
        (r.cpu
          ? `; CPU: app ${r.cpu.appMs} ms, load generator ${r.cpu.loadGeneratorMs.toFixed(0)} ms, PostgreSQL ${r.cpu.postgresMs} ms`
          : ''),
    );
    check(
      `round ${round}: ${status(201)} × 201, ${status(409)} × 409, ${fivexx} × 5xx (want ${RACE_SLOTS}, ${losers}, 0)`,
      status(201) === RACE_SLOTS && status(409) === losers && fivexx === 0,
    );
    check(
      `round ${round}: ${r.confirmed} confirmed bookings, one per time, ${r.overlaps} overlapping (want ${RACE_SLOTS}, 0)`,
      r.confirmed === RACE_SLOTS && r.oneEach && r.overlaps === 0,
    );
    check(
      `round ${round}: p99 ${ms(r.latency.p99)} < ${RACE_P99_GOAL_MS} ms`,
      r.latency.p99 < RACE_P99_GOAL_MS,
    );
    console.log(
      `  lock waits in ${r.samples} samples: ${r.waits.map(([q, n]) => `${n}× ${q}`).join('; ') || 'none'}`,
    );
    check(
      `round ${round}: bare INSERTs left ${bare.inserted} (want ${RACE_SLOTS})`,
      bare.inserted === RACE_SLOTS,
    );
  }

  const failed = checks.filter((c) => !c.ok);
  const waits = new Map<string, number>();
  for (const r of rounds) for (const [q, n] of r.waits) waits.set(q, (waits.get(q) ?? 0) + n);
  const samples = rounds.reduce((sum, r) => sum + r.samples, 0);
  const md = `\`npm run bench:booking\` (bench/booking.ts): the production app as its own process on a scratch database (local PostgreSQL), every figure beside a physical baseline measured in the same run on the same database. Goals (issue): slots for a pool of ${HOSTS} hosts with ${BUSY_PER_HOST} busy intervals each over 14 days, p95 under ${SLOTS_P95_GOAL_MS} ms over HTTP; ${RACERS} concurrent attempts on ${RACE_SLOTS} times of one host, exactly ${RACE_SLOTS} confirmed, p99 under ${RACE_P99_GOAL_MS} ms.

**Free times of a pool.** ${HOSTS} hosts (weekdays 09:00-17:00 in ${ZONES.join(', ')}), all in the lead-routing pool, each with one calendar feed of ${BUSY_PER_HOST} busy intervals of 30-60 minutes at random quarter hours over the next 14 days (${(HOSTS * BUSY_PER_HOST).toLocaleString('en-US')} rows written with SQL); a lead without an owner, so the pool hosts its call; default settings (${rules.durationMinutes}-minute calls, ${rules.bufferMinutes}-minute buffer, ${rules.slotStepMinutes}-minute step, ${rules.minNoticeMinutes / 60} h notice). \`GET /api/booking/slots?token&days&timeZone=${VISITOR_ZONE}\`, ${WARMUP} warm-ups then ${REQUESTS} requests one after another on one keep-alive connection. Baseline: the hosts' busy times and confirmed bookings over the window the app reads (one \`union all\` statement, ${raw.rows.toLocaleString('en-US')} rows) on a plain \`pg\` client, as many times. The app's statement returns each host's feed times merged where they overlap or touch (\`range_agg\`): ${raw.mergedRows.toLocaleString('en-US')} intervals for these dense random calendars, with the same free times (checked below).

| Request | App p50 | App p95 | App p99 | Bare SQL p50 | Bare SQL p95 | Ratio p50 / p95 | Goal p95 < ${SLOTS_P95_GOAL_MS} ms |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |
| 14 days | ${ms(slots14.p50)} | ${ms(slots14.p95)} | ${ms(slots14.p99)} | ${ms(raw.p50)} | ${ms(raw.p95)} | ${ratio(slots14.p50, raw.p50)} / ${ratio(slots14.p95, raw.p95)} | ${slots14.p95 < SLOTS_P95_GOAL_MS ? 'met' : '**not met**'} |
| 7 days | ${ms(slots7.p50)} | ${ms(slots7.p95)} | ${ms(slots7.p99)} | ${ms(raw.p50)} | ${ms(raw.p95)} | ${ratio(slots7.p50, raw.p50)} / ${ratio(slots7.p95, raw.p95)} | ${slots7.p95 < SLOTS_P95_GOAL_MS ? 'met' : '**not met**'} |

The 14-day answer checked against the slot rules (src/server/booking/slots.ts) applied to the rows written: ${consistency.offered} times offered, ${consistency.allHostsBusy} of them while every host was busy, ${consistency.outsideHours} outside every host's hours; ${consistency.notOffered} of ${consistency.free} free times not offered.

**A race for one host.** One host (every day 09:00-17:00 UTC) and ${RACERS} leads routed to it, each with its own booking link; the host's first ${RACE_SLOTS} free times that do not block one another (call plus buffer apart, at most ${rules.maxPerDayPerHost} a day); ${RACERS / RACE_SLOTS} leads on each, all \`POST /api/bookings\` at once (\`Promise.all\` over \`fetch\`, Node's default agent: a connection per request). Then the database must hold exactly ${RACE_SLOTS} confirmed bookings, one at each time, none overlapping. Baseline: the same ${RACERS} bookings as bare \`INSERT ... ON CONFLICT ON CONSTRAINT bookings_no_overlap DO NOTHING\` at once over a \`pg\` pool of the app's size (${APP_POOL}), deleted afterwards. The bookings are deleted between rounds; one warm-up round runs first and is not counted.

| Round | Answers | Confirmed / overlapping | App p50 | App p95 | App p99 | Bare INSERT p50 | Bare INSERT p99 (rows inserted) | p99 ratio | CPU: app / load generator / PostgreSQL | Goal p99 < ${RACE_P99_GOAL_MS} ms |
| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${rounds
  .map(
    (r, i) =>
      `| ${i + 1} | ${[...r.statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${n} × ${s}`)
        .join(
          ', ',
        )} | ${r.confirmed} / ${r.overlaps} | ${ms(r.latency.p50)} | ${ms(r.latency.p95)} | ${ms(r.latency.p99)} | ${ms(r.bare.latency.p50)} | ${ms(r.bare.latency.p99)} (${r.bare.inserted}) | ${ratio(r.latency.p99, r.bare.latency.p99)} | ${r.cpu ? `${r.cpu.appMs} / ${r.cpu.loadGeneratorMs.toFixed(0)} / ${r.cpu.postgresMs} ms` : 'n/a'} | ${r.latency.p99 < RACE_P99_GOAL_MS ? 'met' : '**not met**'} |`,
  )
  .join('\n')}

Statements waiting for a lock during the app's rounds, sampled every 20 ms from \`pg_locks\` (${samples} samples): ${
    [...waits]
      .sort((a, b) => b[1] - a[1])
      .map(([q, n]) => `${n}× \`${q}\``)
      .join('; ') || 'none'
  }.

The CPU column is what each process used during the round, from \`/proc\`: the app, this benchmark's own process making the ${RACERS} requests, and every PostgreSQL process, all on the same ${availableParallelism()} cores; a round's p99 follows the app's CPU, which handles the requests on one thread.

${failed.length ? `**Failed:** ${failed.map((c) => c.name).join('; ')}.` : `Every check passed (${checks.length}).`}
`;
  process.stdout.write(`\n${md}\n`);
  if (process.argv.includes('--write')) writeBenchmarkSection('Booking', md);
  console.log(
    failed.length ? `FAIL: ${failed.length} of ${checks.length} checks` : 'PASS: all checks',
  );
  process.exitCode = failed.length ? 1 : 0;
} finally {
  await app?.stop();
  await db.end().catch(() => undefined);
  await pool.end().catch(() => undefined);
  await dropDatabase(dbName, { adminUrl });
}
