// Calendar files, which are text/calendar and not JSON (so not tRPC procedures): a host's
// subscription feed and a lead's "Add to calendar" download. Both are secret links, no session.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestHandler } from 'express';
import { sendApiError } from '../http/send-api-error';
import { clientIp } from '../http/client-ip';
import type { StreamedRoute } from '../http/streamed-route';
import { RateLimitedError } from '../rate-limit/rate-limit.service';
import type { AppDeps } from '../app-deps';
import { limitBookingRead } from './booking-throttle';
import { bookingCalendarFile, subscriptionCalendar } from './calendar-subscription.service';

function calendarRoute(
  deps: AppDeps,
  read: (em: EntityManager, token: string, publicUrl: string) => Promise<string | null>,
  disposition: string,
  param: string,
): RequestHandler {
  return async (req, res) => {
    const token = String(req.params[param] ?? '');
    const em = deps.orm.em.fork() as EntityManager;
    try {
      await limitBookingRead(em, clientIp(req.ip ?? req.socket.remoteAddress));
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
      return sendApiError(res, 429, 'TOO_MANY_REQUESTS', error.message);
    }
    const text = await read(em, token, deps.notifier.publicUrl);
    if (text === null) return sendApiError(res, 404, 'NOT_FOUND', 'Calendar not found');
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', disposition);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.send(text);
  };
}

// Calendar files are links for calendar apps, not API operations: they stay out of the document.

/** The host's booked calls, for their calendar app. */
export const subscriptionFeedRoute: StreamedRoute = {
  method: 'get',
  path: '/calendar/{feedToken}.ics',
  handler: (deps) =>
    calendarRoute(deps, subscriptionCalendar, 'inline; filename="convoza-calls.ics"', 'feedToken'),
};

/** The lead's call as a calendar file. */
export const bookingCalendarRoute: StreamedRoute = {
  method: 'get',
  path: '/bookings/manage/{manageToken}/calendar.ics',
  handler: (deps) =>
    calendarRoute(
      deps,
      bookingCalendarFile,
      'attachment; filename="strategy-call.ics"',
      'manageToken',
    ),
};
