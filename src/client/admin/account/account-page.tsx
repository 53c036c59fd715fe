import { trpc } from '../../lib/trpc';
import { PageHeader } from '../components/page-header';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** The signed-in user's own security: two-factor sign-in and active sessions. */
export function AccountPage() {
  const me = trpc.auth.me.useQuery();
  return (
    <div>
      <PageHeader
        title="Account Security"
        subtitle="Two-factor sign-in and where you are signed in"
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
        <TwoFactorCard />
        <SessionsCard />
      </div>
    </div>
  );
}
