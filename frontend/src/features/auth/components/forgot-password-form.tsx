import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { TextInput } from '../../../components/form/text-input.js';
import { useForm } from 'react-hook-form';

import type { AccountKind } from '../api/account-kind.js';
import { useForgotPassword } from '../api/forgot-password.js';
import { useToasts } from '../../../lib/toasts.js';
import { AuthCard } from './auth-card.js';
import { lazyZodResolver } from '../../../components/form/lazy-zod-resolver.js';
import { formField } from '../../../components/form/form-field.js';

const forgotPasswordResolver = lazyZodResolver(() =>
  import('@ledgerstone/contracts/identity').then((identity) => identity.forgotPasswordRequest),
);

type ForgotPasswordFormProps = {
  kind: AccountKind;
  title: string;
  loginHref: string;
  onSent: () => void;
};

export function ForgotPasswordForm({ kind, title, loginHref, onSent }: ForgotPasswordFormProps) {
  const form = useForm({ resolver: forgotPasswordResolver, defaultValues: { email: '' } });
  const forgotMutation = useForgotPassword(kind);
  const toasts = useToasts();

  const submit = form.handleSubmit((values) =>
    forgotMutation.mutate(values, {
      onSuccess: (answer) => {
        toasts.success(answer.message);
        onSent();
      },
      onError: (error) => toasts.failure(error, 'Something went wrong'),
    }),
  );

  return (
    <AuthCard
      title={title}
      subtitle="Enter your e-mail and we will send you a link to reset your password."
      onSubmit={submit}
      onFocus={forgotPasswordResolver.preload}
      footer={<Link href={loginHref}>Back to login</Link>}
    >
      <TextInput label="Email" type="email" autoComplete="email" required {...formField(form, 'email')} />
      <Button type="submit" variant="contained" size="large" disabled={forgotMutation.isPending}>
        {forgotMutation.isPending ? 'Sending...' : 'Send Reset Password Link'}
      </Button>
    </AuthCard>
  );
}
