import { zodResolver } from '@hookform/resolvers/zod';
import { identityMessages, verifyRequest } from '@ledgerstone/contracts/identity';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';

import { paths } from '../../../config/paths.js';
import { useResendVerificationCode } from '../api/resend-verification-code.js';
import { useVerifyAccount } from '../api/verify-account.js';
import { useToasts } from '../../../lib/toasts.js';
import { AuthCard } from './auth-card.js';
import { formField } from '../../../components/form/form-field.js';

export function VerifyForm({ onVerified }: { onVerified: () => void }) {
  const form = useForm({ resolver: zodResolver(verifyRequest), defaultValues: { verifyCode: '' } });
  const verifyMutation = useVerifyAccount();
  const resendMutation = useResendVerificationCode();
  const toasts = useToasts();

  const submit = form.handleSubmit((values) =>
    verifyMutation.mutate(values, {
      onSuccess: () => {
        toasts.success(identityMessages.verified);
        onVerified();
      },
      onError: (error) => toasts.failure(error, 'Verification failed'),
    }),
  );

  const resend = () =>
    resendMutation.mutate(undefined, {
      onSuccess: (answer) => toasts.success(answer.message),
      onError: (error) => toasts.failure(error, 'Something went wrong'),
    });

  return (
    <AuthCard
      title="Verify your account"
      subtitle="Enter the 6-digit code we sent to your e-mail."
      onSubmit={submit}
      footer={
        <>
          <Link href={paths.auth.signup.path}>Create Account</Link>
          <Link href={paths.auth.forgotPassword.path}>Forgot Password?</Link>
        </>
      }
    >
      <TextField
        label="Verification code"
        autoComplete="one-time-code"
        required
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        {...formField(form, 'verifyCode')}
      />
      <Button type="submit" variant="contained" size="large" disabled={verifyMutation.isPending}>
        {verifyMutation.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <Button variant="text" onClick={resend} disabled={resendMutation.isPending}>
        Resend code
      </Button>
    </AuthCard>
  );
}
