import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { TextInput } from '../../../components/form/text-input.js';
import type { AdminSignedIn, TwoFactorMethod } from '@ledgerstone/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { paths } from '../../../config/paths.js';
import { useAdminLogin } from '../api/admin-login.js';
import { useToasts } from '../../../lib/toasts.js';
import { AuthCard } from './auth-card.js';
import { lazyZodResolver } from '../../../components/form/lazy-zod-resolver.js';
import { formField } from '../../../components/form/form-field.js';
import { PasswordField } from '../../../components/form/password-field.js';
import type { SignedIn } from '../api/second-step.js';
import { PasskeySignIn } from './passkey-sign-in.js';
import { preloadSecondStep, SecondStep } from './second-step.js';

const adminLoginResolver = lazyZodResolver(() =>
  import('@ledgerstone/contracts/identity').then((identity) => identity.adminLoginRequest),
);

type AdminLoginFormProps = {
  onLoggedIn: () => void;
  /** Signed in, but staff must set up a second factor before anything else. */
  onSetupRequired: () => void;
};

export function AdminLoginForm({ onLoggedIn, onSetupRequired }: AdminLoginFormProps) {
  const form = useForm({
    resolver: adminLoginResolver,
    defaultValues: { email: '', password: '' },
  });
  const loginMutation = useAdminLogin();
  const toasts = useToasts();
  // Set once the password was right and the account asks for its second factor.
  const [secondStep, setSecondStep] = useState<readonly TwoFactorMethod[]>();

  const signedIn = (answer: SignedIn) => {
    toasts.success(answer.message);
    if ((answer as Partial<AdminSignedIn>).twoFactorSetupRequired) onSetupRequired();
    else onLoggedIn();
  };

  const submit = form.handleSubmit((values) => {
    preloadSecondStep();
    loginMutation.mutate(values, {
      onSuccess: (answer) => {
        if ('twoFactorRequired' in answer) setSecondStep(answer.methods);
        else signedIn(answer);
      },
      onError: (error) => toasts.failure(error, 'Login failed'),
    });
  });

  if (secondStep) {
    return (
      <SecondStep
        kind="admin"
        methods={secondStep}
        onSignedIn={signedIn}
        onRestart={() => {
          form.resetField('password');
          setSecondStep(undefined);
        }}
      />
    );
  }

  return (
    <AuthCard
      title="Welcome Back, Admin"
      subtitle="Sign in to the admin area."
      onSubmit={submit}
      onFocus={adminLoginResolver.preload}
      footer={<Link href={paths.auth.adminForgotPassword.path}>Forgot Password</Link>}
    >
      <TextInput label="Email" type="email" autoComplete="email" required {...formField(form, 'email')} />
      <PasswordField label="Password" autoComplete="current-password" {...formField(form, 'password')} />
      <Button type="submit" variant="contained" size="large" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? 'Logging in...' : 'Login'}
      </Button>
      <PasskeySignIn kind="admin" disabled={loginMutation.isPending} onSignedIn={signedIn} />
    </AuthCard>
  );
}
