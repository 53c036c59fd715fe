import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * The options of a form checked by a shared zod schema, so it applies the server's rules and
 * messages. The values are the schema's input, the submit handler gets its output (trimmed, with
 * defaults). Errors appear and change only on submit, and focus stays where it was.
 */
export function schemaFormOptions<S extends FormSchema>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
): UseFormProps<z.input<S>, unknown, z.output<S>> {
  return {
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  };
}

/** react-hook-form on a shared zod schema (see schemaFormOptions). */
export function useSchemaForm<S extends FormSchema>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm(schemaFormOptions(schema, defaultValues));
}

/**
 * An edit form: each of the schema's fields starts at the record's value, blank where the record
 * has none (null, or a field it does not have, such as a new password).
 */
export function useRecordForm<S extends FormSchema & { shape: Record<string, unknown> }>(
  schema: S,
  record: object,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const values = record as Record<string, unknown>;
  const start = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, values[key] ?? '']),
  );
  return useSchemaForm(schema, start as DefaultValues<z.input<S>>);
}

/** What a failed tRPC call carries: the server's first message per field of a refused input. */
interface ServerFieldErrors {
  data?: { fieldErrors?: Record<string, string> } | null;
}

/**
 * Shows the server's per-field messages under the matching fields (the mutation's toast still
 * reports the failure); messages for anything the form does not show are left to the toast.
 */
export function showServerFieldErrors<T extends FieldValues>(
  form: { getValues: () => T; setError: UseFormSetError<T> },
  error: ServerFieldErrors,
): void {
  const fields = Object.keys(form.getValues());
  const isField = (key: string): key is Path<T> => fields.includes(key);
  for (const [key, message] of Object.entries(error.data?.fieldErrors ?? {})) {
    if (isField(key)) form.setError(key, { type: 'server', message });
  }
}

/**
 * A form's submit handler that saves the values through `mutation` (its own toast reports a
 * failure) and puts a refusal's per-field messages under the fields.
 */
export function saveThrough<T extends FieldValues, V>(
  form: { getValues: () => T; setError: UseFormSetError<T> },
  mutation: {
    mutate: (values: V, options: { onError: (error: ServerFieldErrors) => void }) => void;
  },
) {
  return (values: V) =>
    mutation.mutate(values, { onError: (error) => showServerFieldErrors(form, error) });
}
