import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequest } from '@ledgerstone/contracts/identity';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';

import { paths } from '../../../config/paths.js';
import { useLogin } from '../api/login.js';
import { useToasts } from '../../../lib/toasts.js';
import { AuthCard } from './auth-card.js';
import { formField } from '../../../components/form/form-field.js';
import { PasswordField } from '../../../components/form/password-field.js';

type LoginFormProps = { onLoggedIn: () => void; onVerificationRequired: () => void };

export function LoginForm({ onLoggedIn, onVerificationRequired }: LoginFormProps) {
  const form = useForm({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const loginMutation = useLogin();
  const toasts = useToasts();

  const submit = form.handleSubmit((values) =>
    loginMutation.mutate(values, {
      onSuccess: (answer) => {
        if (answer.verificationRequired) {
          toasts.info(answer.status);
          onVerificationRequired();
        } else {
          toasts.success(answer.status);
          onLoggedIn();
        }
      },
      onError: (error) => toasts.failure(error, 'Login failed'),
    }),
  );

  return (
    <AuthCard
      title="Login"
      subtitle="Welcome back. Log in to your member account."
      onSubmit={submit}
      footer={
        <>
          <Link href={paths.auth.forgotPassword.path}>Forgot Password?</Link>
          <Typography variant="body2">
            New here? <Link href={paths.auth.signup.path}>Create Account</Link>
          </Typography>
        </>
      }
    >
      <TextField label="Email" type="email" autoComplete="email" required {...formField(form, 'email')} />
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
    </AuthCard>
  );
}
