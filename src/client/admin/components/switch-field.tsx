import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Switch } from '../../components/ui/switch';

/** A labelled on/off setting bound to a boolean field of a react-hook-form form. */
export function SwitchField<T extends FieldValues, C, Out extends FieldValues>({
  control,
  name,
  label,
  hint,
}: {
  control: Control<T, C, Out>;
  name: Path<T>;
  label: string;
  hint: string;
}) {
  const labelId = `${name}-label`;
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <p id={labelId} className="text-sm font-medium text-slate-900">
          {label}
        </p>
        <p className="text-xs text-slate-600">{hint}</p>
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            aria-labelledby={labelId}
            checked={Boolean(field.value)}
            onCheckedChange={field.onChange}
          />
        )}
      />
    </div>
  );
}
