import type { InputHTMLAttributes } from 'react';
import { FieldError, Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

/** Label + input + error line, wired together for screen readers. */
export function TextField({
  id,
  label,
  error,
  ...props
}: { id: string; label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
