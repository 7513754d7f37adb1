import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { TextInput } from '../../../components/form/text-input.js';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';

import { paths } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { useSignup } from '../api/signup.js';
import { useToasts } from '../../../lib/toasts.js';
import { AuthCard } from './auth-card.js';
import { lazyZodResolver } from '../../../components/form/lazy-zod-resolver.js';
import { formField, showFieldErrors } from '../../../components/form/form-field.js';
import { PasswordField } from '../../../components/form/password-field.js';

const signupFields = ['firstName', 'lastName', 'email', 'phoneNumber', 'password', 'referralCode'] as const;

const signupResolver = lazyZodResolver(() =>
  import('@ledgerstone/contracts/identity').then((identity) => identity.signupRequest),
);

type SignupFormProps = { referralCode: string; onSignedUp: () => void };

export function SignupForm({ referralCode, onSignedUp }: SignupFormProps) {
  const form = useForm({
    resolver: signupResolver,
    defaultValues: { firstName: '', lastName: '', email: '', phoneNumber: '', password: '', referralCode },
  });
  const signupMutation = useSignup();
  const toasts = useToasts();

  const submit = form.handleSubmit((values) =>
    signupMutation.mutate(values, {
      onSuccess: (answer) => {
        toasts.success(answer.message);
        onSignedUp();
      },
      onError: (error) => {
        if (error instanceof ApiError) showFieldErrors(form, error.fieldErrors, signupFields);
        toasts.failure(error);
      },
    }),
  );

  return (
    <AuthCard
      title="Become a Member"
      subtitle="Open your account in a minute. We will e-mail you a code to verify it."
      onSubmit={submit}
      onFocus={signupResolver.preload}
      footer={
        <Typography variant="body2">
          Already a member?{' '}
          <Link href={paths.auth.login.path} underline="always">
            Login
          </Link>
        </Typography>
      }
    >
      <TextInput label="First Name" autoComplete="given-name" required {...formField(form, 'firstName')} />
      <TextInput label="Last Name" autoComplete="family-name" required {...formField(form, 'lastName')} />
      <TextInput label="Email Address" autoComplete="email" required {...formField(form, 'email')} />
      <TextInput
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        required
        {...formField(form, 'phoneNumber')}
      />
      <PasswordField label="Password" autoComplete="new-password" {...formField(form, 'password')} />
      <TextInput label="Referral Code" autoComplete="off" {...formField(form, 'referralCode')} />
      <Button type="submit" variant="contained" size="large" disabled={signupMutation.isPending}>
        {signupMutation.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </AuthCard>
  );
}
