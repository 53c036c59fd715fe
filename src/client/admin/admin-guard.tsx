import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useCurrentUser } from './use-current-user';

/** Only an admin gets past; anyone else goes to the login page. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const me = useCurrentUser();
  if (me.isPending) return <div className="p-8 text-slate-600">Loading...</div>;
  if (!me.data || me.data.role !== 'admin') return <Redirect to="~/admin/login" replace />;
  return <>{children}</>;
}
