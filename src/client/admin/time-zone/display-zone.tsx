import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { isTimeZone } from '../../../shared/time-zone';
import { browserTimeZone } from '../../lib/call-times';
import { trpc } from '../../lib/trpc';
import { setDisplayTimeZone } from '../lib/display-zone';

/**
 * Shows every time below in the signed-in user's zone. A user without one (their first sign-in)
 * gets the browser's, saved to their account once. A change of zone re-renders the screens.
 */
export function DisplayZone({ saved, children }: { saved: string | null; children: ReactNode }) {
  const detected = browserTimeZone();
  const zone = saved ?? detected;
  setDisplayTimeZone(zone);
  const utils = trpc.useUtils();
  const { mutate: save } = trpc.admin.users.setMyTimeZone.useMutation({
    onSuccess: () => utils.auth.me.invalidate(),
  });
  const asked = useRef(false);
  useEffect(() => {
    if (saved !== null || asked.current || !isTimeZone(detected)) return;
    asked.current = true;
    save({ timeZone: detected });
  }, [saved, detected, save]);
  return <Fragment key={zone}>{children}</Fragment>;
}
