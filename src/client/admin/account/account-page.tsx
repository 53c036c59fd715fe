import { trpc } from '../../lib/trpc';
import { PageHeader } from '../components/page-header';
import { MyEmailsCard } from './my-emails-card';
import { ChangePasswordCard } from './change-password-card';
import { SessionsCard } from './sessions-card';
import { TimeZoneCard } from './time-zone-card';
import { TwoFactorCard } from './two-factor-card';

/** The signed-in user's own account: password, two-factor sign-in, active sessions, own emails. */
export function AccountPage() {
  const me = trpc.auth.me.useQuery();
  return (
    <div>
      <PageHeader
        title="Account Security"
        subtitle="Your password, two-factor sign-in, where you are signed in, your own emails and your time zone"
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
        <TimeZoneCard />
      </div>
    </div>
  );
}
