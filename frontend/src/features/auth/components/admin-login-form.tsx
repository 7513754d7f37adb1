import { zodResolver } from '@hookform/resolvers/zod';
import { adminLoginRequest } from '@ledgerstone/contracts/identity';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';

import { paths } from '../../../config/paths.js';
import { useAdminLogin } from '../api/admin-login.js';
import { useToasts } from '../../../lib/toasts.js';
import { AuthCard } from './auth-card.js';
import { formField } from '../../../components/form/form-field.js';
import { PasswordField } from '../../../components/form/password-field.js';

export function AdminLoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const form = useForm({
    resolver: zodResolver(adminLoginRequest),
    defaultValues: { email: '', password: '' },
  });
  const loginMutation = useAdminLogin();
  const toasts = useToasts();

  const submit = form.handleSubmit((values) =>
    loginMutation.mutate(values, {
      onSuccess: (answer) => {
        toasts.success(answer.message);
        onLoggedIn();
      },
      onError: (error) => toasts.failure(error, 'Login failed'),
    }),
  );

  return (
    <AuthCard
      title="Welcome Back, Admin"
      subtitle="Sign in to the admin area."
      onSubmit={submit}
      footer={<Link href={paths.auth.adminForgotPassword.path}>Forgot Password</Link>}
    >
      <TextField label="Email" type="email" autoComplete="email" required {...formField(form, 'email')} />
      <PasswordField label="Password" autoComplete="current-password" {...formField(form, 'password')} />
      <Button type="submit" variant="contained" size="large" disabled={loginMutation.isPending}>
        {loginMutation.isPending ? 'Logging in...' : 'Login'}
      </Button>
    </AuthCard>
  );
}
