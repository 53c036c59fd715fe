import type { ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { DisplayZone } from './time-zone/display-zone';
import { useCurrentUser } from './use-current-user';

/**
 * Only an admin gets past, into screens that show times in their zone; anyone else goes to the login page (told there when their account has
 * no access). An admin who must set up
 * two-factor sign-in first (a Security setting) is kept on Account Security until they do.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const me = useCurrentUser();
  const [location] = useLocation();
  if (me.isPending) return <div className="p-8 text-slate-600">Loading...</div>;
  if (!me.data) return <Redirect to="~/admin/login" replace />;
  // Signed in without the admin role: the login page says this account has no access.
  if (me.data.role !== 'admin') return <Redirect to="~/admin/login?access=none" replace />;
  if (me.data.twoFactorRequired && location !== '/account')
    return <Redirect to="/account" replace />;
  return <DisplayZone saved={me.data.timeZone}>{children}</DisplayZone>;
}
