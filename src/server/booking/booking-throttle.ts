// Rate limits of the public booking endpoints, which answer anyone holding a link: per network
// (a flood from one place) and per link (one stolen or shared link hammered). The signed links
// already keep strangers out of other leads' bookings; these keep the cost of trying bounded.
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { clientKey, wideNetworkKey } from '../http/client-ip';
import {
  consumeRateLimits,
  hourlyRule,
  type RateLimitRule,
  RateLimitedError,
} from '../rate-limit/rate-limit.service';
import { throttledProcedure } from '../rate-limit/retry-after.service';
import { recordSecurityEvent } from '../security-center/security-events.service';

/** Per hour. A lead browses a few weeks of times and books or moves a call a few times. */
export const BOOKING_LIMITS = {
  readsPerNetwork: 1200,
  /** One link read by a crowd (a link posted publicly) is held back on its own. */
  readsPerLink: 300,
  writesPerNetwork: 300,
  writesPerLink: 20,
  /** New calls booked from one address (IPv4) or /64 (IPv6), and from one IPv6 /48. */
  bookingsPerNetwork: 10,
  bookingsPerWideNetwork: 30,
} as const;

const linkKey = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 32);

interface Check {
  rule: RateLimitRule;
  /** What is counted, for the 429's message: "Too many <what>: at most N per hour." */
  what: string;
  /** A refusal by this rule is a security event (the new-booking limits). */
  recorded?: boolean;
}

/** Counts the hit on every rule at once (one statement); the first one over its limit is a 429. */
async function consume(em: EntityManager, checks: Check[], who?: BookingVisitor) {
  const states = await consumeRateLimits(
    em,
    checks.map((c) => c.rule),
  );
  for (const [n, state] of states.entries()) {
    if (!state.limited) continue;
    const { rule, what, recorded } = checks[n]!;
    if (recorded && who)
      await recordBookingRefusal(
        em,
        who,
        `${state.count} ${what} within an hour (limit ${rule.limit}, ${rule.key})`,
      );
    throw RateLimitedError.perHour(what, rule.limit, state.retryAfterSeconds);
  }
}

/** A read (free times, a booking behind its link, a calendar file) from `ip`, with the link `token`. */
export function limitBookingRead(em: EntityManager, ip: string, token?: string): Promise<void> {
  return consume(em, [
    {
      rule: hourlyRule('booking-read-ip', clientKey(ip), BOOKING_LIMITS.readsPerNetwork),
      what: 'booking requests from your network',
    },
    ...(token
      ? [
          {
            rule: hourlyRule('booking-read-link', linkKey(token), BOOKING_LIMITS.readsPerLink),
            what: 'requests with this booking link',
          },
        ]
      : []),
  ]);
}

/**
 * A booking, move or cancellation from the visitor with the link `token`, all counted in one
 * statement. A new booking also counts per network and per IPv6 /48 (one party holding many /64s
 * booked out every host); its refusal is a security event.
 */
export function limitBookingWrite(
  em: EntityManager,
  who: BookingVisitor,
  token: string | undefined,
  newBooking = false,
): Promise<void> {
  const wide = newBooking ? wideNetworkKey(who.ip) : null;
  const checks: Check[] = [
    {
      rule: hourlyRule('booking-write-ip', clientKey(who.ip), BOOKING_LIMITS.writesPerNetwork),
      what: 'bookings from your network',
    },
    ...(token
      ? [
          {
            rule: hourlyRule('booking-write-link', linkKey(token), BOOKING_LIMITS.writesPerLink),
            what: 'changes with this booking link',
          },
        ]
      : []),
    ...(newBooking
      ? [
          {
            rule: hourlyRule(
              'booking-new-ip',
              clientKey(who.ip),
              BOOKING_LIMITS.bookingsPerNetwork,
            ),
            what: 'bookings from your network',
            recorded: true,
          },
        ]
      : []),
    ...(wide
      ? [
          {
            rule: hourlyRule('booking-new-48', wide, BOOKING_LIMITS.bookingsPerWideNetwork),
            what: 'bookings from your network',
            recorded: true,
          },
        ]
      : []),
  ];
  return consume(em, checks, who);
}

/** The Security Center counts refused bookings (its events of type booking_refused). */
export function recordBookingRefusal(em: EntityManager, who: BookingVisitor, details: string) {
  return recordSecurityEvent(em, {
    type: 'booking_refused',
    scope: 'booking',
    severity: 'medium',
    details,
    ...who,
  });
}

/** Who is booking, as the Security Center shows them. */
export interface BookingVisitor {
  ip: string;
  userAgent: string;
}

const tokenOf = (raw: unknown) => {
  const input = raw as { token?: unknown; manageToken?: unknown } | undefined;
  const token = input?.manageToken ?? input?.token;
  return typeof token === 'string' ? token : undefined;
};

/** Public booking reads, limited per network and per link. */
export const bookingReadProcedure = throttledProcedure.use(async ({ ctx, next, getRawInput }) => {
  await limitBookingRead(ctx.em, ctx.ip, tokenOf(await getRawInput().catch(() => undefined)));
  return next();
});

/** Public booking writes, limited per network and per link (a new booking also per network). */
const writeProcedure = (newBooking: boolean) =>
  throttledProcedure.use(async ({ ctx, next, getRawInput }) => {
    const token = tokenOf(await getRawInput().catch(() => undefined));
    const visitor = { ip: ctx.ip, userAgent: ctx.req.get('user-agent') ?? '' };
    await limitBookingWrite(ctx.em, visitor, token, newBooking);
    return next({ ctx: { visitor } });
  });

/** A move or a cancellation through a manage link. */
export const bookingWriteProcedure = writeProcedure(false);
/** Booking a new call: the write limits and the new-booking limits, counted at once. */
export const newBookingProcedure = writeProcedure(true);
