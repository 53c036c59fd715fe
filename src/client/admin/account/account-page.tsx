import { trpc } from '../../lib/trpc';
import { BookingCalendarCards } from '../booking/booking-calendar-cards';
import { PageHeader } from '../components/page-header';
import { MyEmailsCard } from './my-emails-card';
import { ChangePasswordCard } from './change-password-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** The signed-in user's own account: two-factor sign-in, active sessions, hours for booked calls. */
export function AccountPage() {
  const me = trpc.auth.me.useQuery();
  return (
    <div>
      <PageHeader
        title="Account Security"
        subtitle="Two-factor sign-in, where you are signed in, and your hours for booked calls"
      />
      {me.data?.twoFactorRequired && (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          Your organisation requires two-factor authentication for admins. Set it up below to use
          the back office.
        </p>
      )}
      <div className="space-y-6">
        <ChangePasswordCard />
        <TwoFactorCard />
        <SessionsCard />
        <MyEmailsCard />
        {me.data && (
          <section aria-labelledby="booked-calls-heading" className="space-y-6 pt-4">
            <h2 id="booked-calls-heading" className="text-xl font-semibold text-slate-900">
              Booked Calls
            </h2>
            <BookingCalendarCards userId={me.data.id} />
          </section>
        )}
      </div>
    </div>
  );
}
