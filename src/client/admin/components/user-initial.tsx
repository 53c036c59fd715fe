import { cn } from '../../lib/cn';
import { initialOf, type Named } from '../lib/format';

/** A user's initial in a round badge (no pictures are stored); size and colours come by class. */
export function UserInitial({ user, className }: { user: Named; className: string }) {
  return (
    <span
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full font-semibold',
        className,
      )}
      aria-hidden
    >
      {initialOf(user)}
    </span>
  );
}
