// Forms on react-hook-form where a field is one line: <Form> puts the form in context, and the
// fields of formFields<Values>() bind themselves by a type-checked name, with their label and
// their error line (shadcn/ui's Form/FormField idea, without its boilerplate per field).
import type { ComponentProps, ReactNode } from 'react';
import {
  Controller,
  FormProvider,
  get,
  useFormContext,
  type FieldValues,
  type Path,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { FieldError } from '../../components/ui/field-error';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { capitalize } from '../lib/format';
import { OptionSelect } from './option-select';
import { TextAreaField, TextField } from './text-field';

/** The <form> of a react-hook-form form, its fields bound through context; submit is validated. */
export function Form<In extends FieldValues, Out extends FieldValues>({
  form,
  onSubmit,
  className,
  children,
}: {
  form: UseFormReturn<In, unknown, Out>;
  onSubmit: SubmitHandler<Out>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className={className}>
        {children}
      </form>
    </FormProvider>
  );
}

/** No value typed: an empty (or blank) text, or a default value of null/undefined. */
export const isBlank = (value: unknown) => value == null || String(value).trim() === '';

const kebab = (name: string) =>
  name
    .replace(/[.[\]]+/g, '-')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();

/** The form in context, the field's id and its first error message. */
function useField(prefix: string, name: string, id?: string) {
  const form = useFormContext();
  const error = get(form.formState.errors, name) as { message?: string } | undefined;
  return { form, id: id ?? `${prefix}-${kebab(name)}`, error: error?.message };
}

type InputProps = Omit<ComponentProps<'input'>, 'name' | 'id'>;
type TextAreaProps = Omit<ComponentProps<'textarea'>, 'name' | 'id'>;

/**
 * The field components of a form whose values are `T`: names are checked against T, and a
 * field's id is `<idPrefix>-<name>` (kebab-case) unless it names its own.
 */
export function formFields<T extends FieldValues>(idPrefix = 'field') {
  /** A text (or number, email, password) input with its label and error line. */
  function FormField({
    name,
    label,
    id,
    parse,
    ...input
  }: {
    name: Path<T>;
    label: string;
    id?: string;
    /**
     * Turns the field's value into the form's value (a number input gives a number, blank NaN, by
     * default). react-hook-form also runs it on the default value, so it may get a non-string.
     */
    parse?: (value: unknown) => unknown;
  } & InputProps) {
    const field = useField(idPrefix, name, id);
    const setValueAs =
      parse ??
      (input.type === 'number' ? (v: unknown) => (isBlank(v) ? NaN : Number(v)) : undefined);
    const registered = field.form.register(name, setValueAs ? { setValueAs } : {});
    return <TextField id={field.id} label={label} error={field.error} {...input} {...registered} />;
  }

  /** A multi-line text field. */
  function FormTextArea({
    name,
    label,
    id,
    ...input
  }: { name: Path<T>; label: string; id?: string; hideLabel?: boolean } & TextAreaProps) {
    const field = useField(idPrefix, name, id);
    return (
      <TextAreaField
        id={field.id}
        label={label}
        error={field.error}
        {...input}
        {...field.form.register(name)}
      />
    );
  }

  /** A choice from a fixed list (an enum of src/shared): the value is always one of `options`. */
  function FormSelect<V extends string>({
    name,
    label,
    options,
    optionLabel = capitalize,
    id,
    lockedReason,
  }: {
    name: Path<T>;
    label: string;
    options: readonly V[];
    optionLabel?: (option: V) => string;
    id?: string;
    /** Disables the choice and says why. */
    lockedReason?: string;
  }) {
    const field = useField(idPrefix, name, id);
    return (
      <Controller
        control={field.form.control}
        name={name}
        render={({ field: bound }) => (
          <EnumSelect
            id={field.id}
            label={label}
            value={bound.value as V}
            options={options}
            optionLabel={optionLabel}
            onChange={bound.onChange}
            error={field.error}
            lockedReason={lockedReason}
          />
        )}
      />
    );
  }

  /** An on/off setting with its label and a hint. */
  function FormSwitch({ name, label, hint }: { name: Path<T>; label: string; hint: string }) {
    const field = useField(idPrefix, name);
    const labelId = `${field.id}-label`;
    return (
      <div className="flex items-center justify-between gap-4">
        <div>
          <p id={labelId} className="text-sm font-medium text-slate-900">
            {label}
          </p>
          <p className="text-xs text-slate-600">{hint}</p>
        </div>
        <Controller
          control={field.form.control}
          name={name}
          render={({ field: bound }) => (
            <Switch
              aria-labelledby={labelId}
              checked={Boolean(bound.value)}
              onCheckedChange={bound.onChange}
            />
          )}
        />
      </div>
    );
  }

  return { FormField, FormTextArea, FormSelect, FormSwitch };
}

/**
 * Label + a Select over a fixed list + error line, generic over the list's type: the value it
 * hands on is the option itself, found in the list, never a string cast to the enum.
 */
export function EnumSelect<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
  optionLabel = capitalize,
  error,
  disabled,
  lockedReason,
}: {
  id: string;
  label: string;
  value: V | undefined;
  options: readonly V[];
  onChange: (value: V) => void;
  optionLabel?: (option: V) => string;
  error?: string;
  disabled?: boolean;
  /** Disables the choice and says why. */
  lockedReason?: string;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <OptionSelect
        id={id}
        value={value}
        disabled={disabled || Boolean(lockedReason)}
        options={options.map((option) => ({ value: option, label: optionLabel(option) }))}
        onChange={onChange}
        describedBy={lockedReason ? `${id}-hint` : undefined}
      />
      {lockedReason && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {lockedReason}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
