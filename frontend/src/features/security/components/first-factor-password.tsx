import { passwordAndFactorRequest, twoFactorMessages } from '@ledgerstone/contracts';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

import { formField } from '../../../components/form/form-field.js';
import { PasswordField } from '../../../components/form/password-field.js';

/**
 * Adding an account's first factor asks for its password too (a factor it has is asked instead): the password
 * field's rule, for a form's schema to extend, and the field.
 */
export const firstFactorPassword = passwordAndFactorRequest.pick({ password: true }).shape;

export function FirstFactorPasswordField<TInput extends FieldValues & { password: string }, TOutput>({
  form,
}: {
  form: UseFormReturn<TInput, unknown, TOutput>;
}) {
  return (
    <PasswordField
      label={twoFactorMessages.passwordLabel}
      autoComplete="current-password"
      required
      {...formField(form, 'password' as Path<TInput>)}
    />
  );
}
