import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { TimeZoneSelect } from '../../components/time-zone-select';

/** A zone to pick and save; `extra` sits beside Save (a "use this browser's zone" button). */
export function TimeZoneForm({
  label,
  saved,
  pending,
  onSave,
  suggestion,
}: {
  label: string;
  saved: string;
  pending: boolean;
  onSave: (zone: string) => void;
  /** A zone offered in one click, when it is not the saved one. */
  suggestion?: { zone: string; label: string };
}) {
  const id = useId();
  const [draft, setDraft] = useState(saved);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(draft);
      }}
    >
      <div className="w-full max-w-xs">
        <Label htmlFor={id}>{label}</Label>
        <TimeZoneSelect id={id} value={draft} onChange={setDraft} disabled={pending} />
      </div>
      <Button type="submit" disabled={pending || draft === saved}>
        {pending ? 'Saving...' : 'Save'}
      </Button>
      {suggestion && suggestion.zone !== saved && (
        <Button
          type="button"
          variant="secondary"
          disabled={pending}
          onClick={() => {
            setDraft(suggestion.zone);
            onSave(suggestion.zone);
          }}
        >
          {suggestion.label}
        </Button>
      )}
    </form>
  );
}
