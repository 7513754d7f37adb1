import { zodResolver } from '@hookform/resolvers/zod';
import { newPasswordSchema, requiredMessage } from '@ledgerstone/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { ApiError } from '../../../lib/api-client.js';
import { useChangePassword } from '../api/change-password.js';
import { useToasts } from '../../../lib/toasts.js';
import { formField, showFieldErrors } from '../../../components/form/form-field.js';
import { PasswordField } from '../../../components/form/password-field.js';

export const passwordMismatch = 'New password and confirm password do not match.';

export type PasswordFormLabels = { current: string; new: string; confirm: string };

const required = (label: string) => z.string().min(1, requiredMessage(label));

function passwordFormSchema(labels: PasswordFormLabels) {
  return z
    .object({
      current_password: required(labels.current),
      new_password: required(labels.new).pipe(newPasswordSchema),
      confirm_password: required(labels.confirm),
    })
    .refine((values) => values.new_password === values.confirm_password, {
      path: ['confirm_password'],
      message: passwordMismatch,
    });
}

type PasswordFormProps = { labels: PasswordFormLabels; onChanged: () => void };

/** Changes the member's password: on the Password screen and on Update profile, with each screen's labels. */
export function PasswordForm({ labels, onChanged }: PasswordFormProps) {
  const schema = useMemo(() => passwordFormSchema(labels), [labels]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const changePassword = useChangePassword();
  const toasts = useToasts();

  const submit = form.handleSubmit(({ current_password, new_password }) =>
    changePassword.mutate(
      { current_password, new_password },
      {
        onSuccess: ({ message }) => {
          toasts.success(message);
          form.reset();
          onChanged();
        },
        onError: (error) => {
          toasts.error(error.message);
          if (error instanceof ApiError) {
            showFieldErrors(form, error.fieldErrors, ['current_password', 'new_password']);
          }
        },
      },
    ),
  );

  return (
    <Stack component="form" aria-label="Change password" noValidate spacing={2.5} onSubmit={submit}>
      <PasswordField
        label={labels.current}
        autoComplete="current-password"
        required
        {...formField(form, 'current_password')}
      />
      <PasswordField
        label={labels.new}
        autoComplete="new-password"
        required
        {...formField(form, 'new_password')}
      />
      <PasswordField
        label={labels.confirm}
        autoComplete="new-password"
        required
        {...formField(form, 'confirm_password')}
      />
      <Button type="submit" variant="contained" size="large" disabled={changePassword.isPending}>
        {changePassword.isPending ? 'Updating...' : 'Update Password'}
      </Button>
    </Stack>
  );
}
