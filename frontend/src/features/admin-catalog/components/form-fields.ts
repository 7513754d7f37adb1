import { get, type FieldValues, type Path, type RegisterOptions, type UseFormReturn } from 'react-hook-form';

import { ApiError } from '../../../lib/api-client.js';

/** What an MUI text field needs from react-hook-form: the registration (ref on the input) and its error. */
export function textField<TInput extends FieldValues, TOutput>(
  form: UseFormReturn<TInput, unknown, TOutput>,
  name: Path<TInput>,
  options?: RegisterOptions<TInput, Path<TInput>>,
) {
  const { ref, ...registration } = form.register(name, options);
  return { ...registration, inputRef: ref, ...fieldError(form, name) };
}

export function fieldError<TInput extends FieldValues, TOutput>(
  form: UseFormReturn<TInput, unknown, TOutput>,
  name: Path<TInput>,
) {
  const message = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return { error: message !== undefined, helperText: message };
}

/** An empty number input means "not given", so the schema's own message shows. */
export const optionalNumber = {
  setValueAs: (value: unknown) => (value === '' || value == null ? undefined : Number(value)),
};

/** Puts the server's field errors on the fields they name. */
export function showServerFieldErrors<TInput extends FieldValues, TOutput>(
  form: UseFormReturn<TInput, unknown, TOutput>,
  error: unknown,
  fields: readonly Path<TInput>[],
) {
  if (!(error instanceof ApiError)) return;
  for (const field of fields) {
    const message = error.fieldErrors[field];
    if (message !== undefined) form.setError(field, { type: 'server', message });
  }
}
