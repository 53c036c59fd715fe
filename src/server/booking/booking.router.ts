import { z } from 'zod';
import {
  ZAvailability,
  ZBooking,
  ZBookingCreate,
  ZBookingList,
  ZBookingListQuery,
  ZBookingOutcome,
  ZBookingSettings,
  ZCancel,
  ZManageToken,
  ZMoveSlotsQuery,
  ZReschedule,
  ZSlots,
  ZSlotsQuery,
} from '../../shared/booking.schema';
import { ZId } from '../../shared/text.schema';
import { adminProcedure, authedProcedure, router } from '../trpc/trpc';
import { restRoutes } from '../trpc/rest-meta';
import { getAvailability, setAvailability } from './availability.service';
import {
  bookingReadProcedure,
  bookingWriteProcedure,
  newBookingProcedure,
} from './booking-throttle';
import { calendarProcedures } from './calendars.router';
import { getBookingSettings, updateBookingSettings } from './booking-settings.service';
import {
  cancelForLead,
  listBookings,
  rescheduleForLead,
  setBookingOutcome,
  slotsToMove,
} from './meetings.service';
import {
  cancelManagedBooking,
  createBooking,
  getManagedBooking,
  listSlots,
  rescheduleManagedBooking,
} from './bookings.service';

const rest = restRoutes(['booking'], 'booking');

/** The lead's side: free times and booking, with the link their submission answer carried. */
export const publicBookingRouter = router({
  slots: bookingReadProcedure
    .meta(
      rest('GET', '/booking/slots', 'Free times for the strategy call, by day in the given zone', {
        description:
          '`token` is the booking link of a contact submission (valid 7 days); to move a booking, send its ' +
          '`manageToken` instead (its own time counts as free). `from` (YYYY-MM-DD, default today in ' +
          '`timeZone`) and `days` (1-14, default 7) choose the days; `startsAt` is UTC. 401 for a bad or expired ' +
          'token, 403 while booking is off.',
        protect: false,
      }),
    )
    .input(ZSlotsQuery)
    .output(ZSlots)
    .query(async ({ ctx, input }) => {
      ctx.res.setHeader?.('Cache-Control', 'no-store');
      return listSlots(ctx.em, input);
    }),

  create: newBookingProcedure
    .meta(
      rest('POST', '/bookings', 'Book one of the free times', {
        description:
          '201 with the booking. 409 when the time was just taken, or when the contact already has an upcoming ' +
          'call (the body carries its `manageUrl`); 400 naming `startsAt` for a time never offered; 401 for a bad ' +
          'or expired token; 403 while booking is off; 429 over the per-network or the site-wide booking cap ' +
          '(the message asks the lead to reply to our email instead).',
        protect: false,
        created: true,
      }),
    )
    .input(ZBookingCreate)
    .output(ZBooking)
    .mutation(({ ctx, input }) => createBooking(ctx.em, input, ctx.deps.events, ctx.visitor)),

  manage: bookingReadProcedure
    .meta(
      rest('GET', '/bookings/manage/{manageToken}', 'The booking behind a manage link', {
        description:
          "The lead's link from the booking answer and every booking email; 404 for an unknown link.",
        protect: false,
      }),
    )
    .input(z.object({ manageToken: ZManageToken }))
    .output(ZBooking)
    .query(({ ctx, input }) => getManagedBooking(ctx.em, input.manageToken)),

  reschedule: bookingWriteProcedure
    .meta(
      rest(
        'POST',
        '/bookings/manage/{manageToken}/reschedule',
        'Move the booking to another free time',
        {
          description:
            "Keeps the booking's id and manage link. 409 when the time was just taken or the booking is no longer " +
            'upcoming; 400 naming `startsAt` for a time never offered; 404 for an unknown link.',
          protect: false,
        },
      ),
    )
    .input(ZReschedule.extend({ manageToken: ZManageToken }))
    .output(ZBooking)
    .mutation(({ ctx, input }) =>
      rescheduleManagedBooking(ctx.em, input.manageToken, input.startsAt, ctx.deps.events),
    ),

  cancel: bookingWriteProcedure
    .meta(
      rest('POST', '/bookings/manage/{manageToken}/cancel', 'Cancel the booking', {
        description:
          'The lead may book again afterwards. 409 when the booking is no longer upcoming; 404 for an unknown link.',
        protect: false,
      }),
    )
    .input(ZCancel.extend({ manageToken: ZManageToken }))
    .output(ZBooking)
    .mutation(({ ctx, input }) =>
      cancelManagedBooking(ctx.em, input.manageToken, input.reason, ctx.deps.events),
    ),
});

/**
 * The back office's side: the site-wide settings, each host's hours and the booked calls (an
 * admin sees and changes every host's, a host their own).
 */
export const adminBookingRouter = router({
  ...calendarProcedures,
  list: authedProcedure
    .meta(
      rest('GET', '/bookings', 'Booked calls by start time, filtered by time, host and status', {
        description:
          '`from`/`to` are ISO instants (start times in [from, to)); `order=desc` lists the latest first (past ' +
          'calls); page on with `nextCursor`. A host who is not an admin sees only their own calls.',
      }),
    )
    .input(ZBookingListQuery)
    .output(ZBookingList)
    .query(({ ctx, input }) => listBookings(ctx.em, ctx.actor, input)),

  setOutcome: authedProcedure
    .meta(
      rest('PATCH', '/bookings/{id}', 'Record how a call went: completed or no-show', {
        audit: 'record_outcome',
        description:
          "Its host or an admin, once the call has started. `note` goes on the contact's timeline; a no-show " +
          'creates the task "Follow up after the missed call" for the host, due the next working day.',
      }),
    )
    .input(ZBookingOutcome)
    .output(ZBooking)
    .mutation(({ ctx, input }) => setBookingOutcome(ctx.em, ctx.actor, input, ctx.deps.events)),

  moveSlots: authedProcedure
    .meta(
      rest('GET', '/bookings/{id}/slots', 'Free times a call can move to', {
        description:
          "As `/booking/slots`, for staff: the call's own time counts as free. Its host or an admin; 409 once it " +
          'has ended or was cancelled.',
      }),
    )
    .input(ZMoveSlotsQuery.extend({ id: ZId }))
    .output(ZSlots)
    .query(({ ctx, input: { id, ...query } }) => slotsToMove(ctx.em, ctx.actor, id, query)),

  reschedule: authedProcedure
    .meta(
      rest('POST', '/bookings/{id}/reschedule', 'Move a call for the lead', {
        audit: 'reschedule',
        description: 'The lead is emailed an updated invitation (same UID, SEQUENCE raised).',
      }),
    )
    .input(ZReschedule.extend({ id: ZId }))
    .output(ZBooking)
    .mutation(({ ctx, input }) => rescheduleForLead(ctx.em, ctx.actor, input, ctx.deps.events)),

  cancel: authedProcedure
    .meta(rest('POST', '/bookings/{id}/cancel', 'Cancel a call for the lead', { audit: 'cancel' }))
    .input(ZCancel.extend({ id: ZId }))
    .output(ZBooking)
    .mutation(({ ctx, input }) => cancelForLead(ctx.em, ctx.actor, input, ctx.deps.events)),

  settings: adminProcedure
    .meta(rest('GET', '/booking/settings', 'Booking settings: duration, buffer, notice, horizon'))
    .input(z.void())
    .output(ZBookingSettings)
    .query(({ ctx }) => getBookingSettings(ctx.em)),

  updateSettings: adminProcedure
    .meta(
      rest('PUT', '/booking/settings', 'Change the booking settings', {
        audit: { action: 'update_settings', entity: 'booking_settings' },
      }),
    )
    .input(ZBookingSettings)
    .output(ZBookingSettings)
    .mutation(({ ctx, input }) => updateBookingSettings(ctx.em, input)),

  availability: authedProcedure
    .meta(
      rest(
        'GET',
        '/users/{id}/availability',
        "A user's hours for booked calls (own, or any as admin)",
      ),
    )
    .input(z.strictObject({ id: ZId }))
    .output(ZAvailability)
    .query(({ ctx, input }) => getAvailability(ctx.em, ctx.actor, input.id)),

  setAvailability: authedProcedure
    .meta(
      rest('PUT', '/users/{id}/availability', "Replace a user's hours for booked calls", {
        description:
          "Weekly hours (weekday 1 = Monday ... 7) and dated overrides in the user's IANA time zone; an override " +
          "with no intervals is a day off. A user changes their own; an admin anyone's.",
        audit: { action: 'set_availability', entity: 'user_availability' },
      }),
    )
    .input(ZAvailability.extend({ id: ZId }))
    .output(ZAvailability)
    .mutation(({ ctx, input: { id, ...availability } }) =>
      setAvailability(ctx.em, ctx.actor, id, availability),
    ),
});
