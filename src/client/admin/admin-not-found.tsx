import { NotFoundMessage } from '../components/not-found-message';

/** Unknown path under /admin, inside the shell. */
export function AdminNotFound() {
  return (
    <div className="py-16 text-center">
      <NotFoundMessage back="Go to the dashboard" />
    </div>
  );
}
