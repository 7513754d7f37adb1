import { zodResolver } from '@hookform/resolvers/zod';
import { identityMessages, resetPasswordRequest } from '@ledgerstone/contracts/identity';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useForm } from 'react-hook-form';

import type { AccountKind } from '../api/account-kind.js';
import { useResetPassword } from '../api/reset-password.js';
import { useToasts } from '../../../lib/toasts.js';
import { AuthCard } from './auth-card.js';
import { formField } from '../../../components/form/form-field.js';
import { PasswordField } from '../../../components/form/password-field.js';

type ResetPasswordFormProps = {
  kind: AccountKind;
  token: string;
  title: string;
  loginHref: string;
  onReset: () => void;
};

export function ResetPasswordForm({ kind, token, title, loginHref, onReset }: ResetPasswordFormProps) {
  const form = useForm({ resolver: zodResolver(resetPasswordRequest), defaultValues: { password: '' } });
  const resetMutation = useResetPassword(kind, token);
  const toasts = useToasts();

  const submit = form.handleSubmit((values) =>
    resetMutation.mutate(values, {
      onSuccess: () => {
        toasts.success(identityMessages.passwordReset);
        onReset();
      },
      onError: (error) => toasts.failure(error, 'Something went wrong'),
    }),
  );

  return (
    <AuthCard
      title={title}
      subtitle="Choose a new password of at least 8 characters."
      onSubmit={submit}
      footer={<Link href={loginHref}>Back to login</Link>}
    >
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        required
        {...formField(form, 'password')}
      />
      <Button type="submit" variant="contained" size="large" disabled={resetMutation.isPending}>
        {resetMutation.isPending ? 'Resetting...' : 'Reset Password'}
      </Button>
    </AuthCard>
  );
}
