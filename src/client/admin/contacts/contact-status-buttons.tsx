import { CONTACT_STATUSES, type TContactStatus } from '../../../shared/contacts.schema';
import { cn } from '../../lib/cn';
import { capitalize } from '../lib/format';

const ACTIVE: Record<TContactStatus, string> = {
  new: 'border-blue-600 bg-blue-600 text-white',
  contacted: 'border-amber-500 bg-amber-400 text-amber-950',
  qualified: 'border-emerald-600 bg-emerald-600 text-white',
  converted: 'border-purple-600 bg-purple-600 text-white',
};

/** One button per status; the current one is pressed (aria-pressed), so state is not colour alone. */
export function ContactStatusButtons({
  name,
  status,
  disabled,
  onChange,
}: {
  name: string;
  status: string;
  disabled?: boolean;
  onChange: (status: TContactStatus) => void;
}) {
  return (
    <div role="group" aria-label={`Status of ${name}`} className="flex flex-wrap gap-1.5">
      {CONTACT_STATUSES.map((s) => {
        const current = s === status;
        return (
          <button
            key={s}
            type="button"
            aria-pressed={current}
            disabled={disabled || current}
            onClick={() => onChange(s)}
            className={cn(
              'rounded-md border px-2.5 py-1 text-xs font-semibold transition-colors disabled:cursor-default',
              current
                ? ACTIVE[s]
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-60',
            )}
          >
            {capitalize(s)}
          </button>
        );
      })}
    </div>
  );
}
