import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

/** What an MUI text field needs from react-hook-form: the registration (ref on the input) and its error. */
export function formField<TInput extends FieldValues, TOutput>(
  form: UseFormReturn<TInput, unknown, TOutput>,
  name: Path<TInput>,
) {
  const { ref, ...registration } = form.register(name);
  const message = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return { ...registration, inputRef: ref, error: message !== undefined, helperText: message };
}

/** Puts the server's field errors on the fields they name; returns whether any matched. */
export function showFieldErrors<TInput extends FieldValues, TOutput>(
  form: UseFormReturn<TInput, unknown, TOutput>,
  fieldErrors: Record<string, string>,
  fields: readonly Path<TInput>[],
) {
  for (const field of fields) {
    const message = fieldErrors[field];
    if (message !== undefined) form.setError(field, { type: 'server', message });
  }
}
