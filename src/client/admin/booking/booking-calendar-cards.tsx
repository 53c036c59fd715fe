import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { AvailabilityEditor } from './availability-editor';
import { CalendarFeeds } from './calendar-feeds';
import { CalendarSubscription } from './calendar-subscription';

/** A host's side of booked calls: their hours, the calendars that make them busy, their feed. */
export function BookingCalendarCards({ userId }: { userId: number }) {
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Hours for Booked Calls</CardTitle>
          <CardDescription>
            When leads can book a strategy call with you. No hours: you are not offered.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AvailabilityEditor userId={userId} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Connected Calendars</CardTitle>
          <CardDescription>
            Events in these calendars make you busy; they are read every 10 minutes.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CalendarFeeds userId={userId} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your Booked Calls in Your Calendar</CardTitle>
          <CardDescription>A private address that lists your booked calls.</CardDescription>
        </CardHeader>
        <CardContent>
          <CalendarSubscription userId={userId} />
        </CardContent>
      </Card>
    </>
  );
}
