import { useCurrentUser } from '../use-current-user';
import { PageHeader } from '../components/page-header';
import { LoadingState } from '../components/page-states';
import { BookingCalendarCards } from './booking-calendar-cards';

/** A rep's own hours for booked calls and the calendars that make them busy. */
export function MyCalendarPage() {
  const me = useCurrentUser();
  return (
    <div>
      <PageHeader
        title="My Calendar"
        subtitle="Your hours for booked calls, the calendars that block them, and your calls in your own calendar"
      />
      {me.data ? (
        <div className="space-y-6">
          <BookingCalendarCards userId={me.data.id} />
        </div>
      ) : (
        <LoadingState text="Loading your calendar..." />
      )}
    </div>
  );
}
