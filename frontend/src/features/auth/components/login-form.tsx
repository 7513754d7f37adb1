import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { TextInput } from '../../../components/form/text-input.js';
import Typography from '@mui/material/Typography';
import type { TwoFactorMethod } from '@ledgerstone/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';

import { paths } from '../../../config/paths.js';
import { useLogin } from '../api/login.js';
import { useToasts } from '../../../lib/toasts.js';
import { AuthCard } from './auth-card.js';
import { lazyZodResolver } from '../../../components/form/lazy-zod-resolver.js';
import { formField } from '../../../components/form/form-field.js';
import { PasswordField } from '../../../components/form/password-field.js';
import type { SignedIn } from '../api/second-step.js';
import { PasskeySignIn } from './passkey-sign-in.js';
import { preloadSecondStep, SecondStep } from './second-step.js';

const loginResolver = lazyZodResolver(() =>
  import('@ledgerstone/contracts/identity').then((identity) => identity.loginRequest),
);

type LoginFormProps = { onLoggedIn: () => void; onVerificationRequired: () => void };

export function LoginForm({ onLoggedIn, onVerificationRequired }: LoginFormProps) {
  const form = useForm({
    resolver: loginResolver,
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const loginMutation = useLogin();
  const toasts = useToasts();
  // Set once the password was right and the account asks for its second factor.
  const [secondStep, setSecondStep] = useState<readonly TwoFactorMethod[]>();

  const signedIn = (answer: SignedIn) => {
    toasts.success(answer.status);
    onLoggedIn();
  };

  const submit = form.handleSubmit((values) => {
    preloadSecondStep();
    loginMutation.mutate(values, {
      onSuccess: (answer) => {
        if ('twoFactorRequired' in answer) {
          setSecondStep(answer.methods);
        } else if (answer.verificationRequired) {
          toasts.info(answer.status);
          onVerificationRequired();
        } else {
          signedIn(answer);
        }
      },
      onError: (error) => toasts.failure(error, 'Login failed'),
    });
  });

  if (secondStep) {
    return (
      <SecondStep
        kind="user"
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
      title="Login"
      subtitle="Welcome back. Log in to your member account."
      onSubmit={submit}
      onFocus={loginResolver.preload}
      footer={
        <>
          <Link href={paths.auth.forgotPassword.path}>Forgot Password?</Link>
          <Typography variant="body2">
            New here?{' '}
            <Link href={paths.auth.signup.path} underline="always">
              Create Account
            </Link>
          </Typography>
        </>
      }
    >
      <TextInput label="Email" type="email" autoComplete="email" required {...formField(form, 'email')} />
      <PasswordField label="Password" autoComplete="current-password" {...formField(form, 'password')} />
      <FormControlLabel
        control={
          <Controller
            control={form.control}
            name="rememberMe"
            render={({ field }) => (
              <Checkbox
                name={field.name}
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
              />
            )}
          />
        }
        label="Remember me"
      />
      <Button type="submit" variant="contained" size="large" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? 'Logging in...' : 'Login'}
      </Button>
      <PasskeySignIn
        kind="user"
        rememberMe={() => form.getValues('rememberMe') === true}
        disabled={loginMutation.isPending}
        onSignedIn={signedIn}
      />
    </AuthCard>
  );
}
