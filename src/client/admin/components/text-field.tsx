import type { ComponentProps } from 'react';
import { FieldError } from '../../components/ui/field-error';
import { Input, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';

/** The control's id, marked invalid and described by its error line while there is an error. */
function describedBy(id: string, error?: string) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
}

/** Label + input + error line, wired together for screen readers; takes register()'s props. */
export function TextField({
  id,
  label,
  error,
  ...props
}: { id: string; label: string; error?: string } & ComponentProps<'input'>) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input {...describedBy(id, error)} {...props} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The same for a multi-line value. */
export function TextAreaField({
  id,
  label,
  error,
  hideLabel,
  ...props
}: {
  id: string;
  label: string;
  error?: string;
  hideLabel?: boolean;
} & ComponentProps<'textarea'>) {
  return (
    <div>
      <Label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      <Textarea {...describedBy(id, error)} {...props} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
