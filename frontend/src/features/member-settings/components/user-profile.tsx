import { zodResolver } from '@hookform/resolvers/zod';
import { updateProfileRequest, type MemberProfile } from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { useMemberProfile } from '../../../api/member-profile.js';
import { useUpdateProfile } from '../api/update-profile.js';
import { useToasts } from '../../../lib/toasts.js';
import { formField, showFieldErrors } from '../../../components/form/form-field.js';
import { PasswordForm, type PasswordFormLabels } from './password-form.js';

const passwordLabels: PasswordFormLabels = {
  current: 'Current Password',
  new: 'Create New Password',
  confirm: 'Confirm New Password',
};

function NameForm({ profile }: { profile: MemberProfile }) {
  const form = useForm({
    resolver: zodResolver(updateProfileRequest),
    defaultValues: { first_name: profile.first_name, last_name: profile.last_name },
  });
  const updateProfile = useUpdateProfile();
  const toasts = useToasts();

  const submit = form.handleSubmit((names) =>
    updateProfile.mutate(names, {
      onSuccess: ({ message }) => {
        toasts.success(message);
        form.reset(names);
      },
      onError: (error) => {
        toasts.error(error.message);
        if (error instanceof ApiError) showFieldErrors(form, error.fieldErrors, ['first_name', 'last_name']);
      },
    }),
  );

  return (
    <Stack component="form" aria-label="Your name" noValidate spacing={2.5} onSubmit={submit}>
      <TextField label="Email" value={profile.email} slotProps={{ htmlInput: { readOnly: true } }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="First name"
          autoComplete="given-name"
          required
          fullWidth
          {...formField(form, 'first_name')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          required
          fullWidth
          {...formField(form, 'last_name')}
        />
      </Stack>
      <Button type="submit" variant="contained" size="large" disabled={updateProfile.isPending}>
        {updateProfile.isPending ? 'Saving...' : 'Save Name'}
      </Button>
    </Stack>
  );
}

/** Update profile: the member's name and password. */
export function UserProfile() {
  const profile = useMemberProfile();
  const navigate = useNavigate();
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Link href={paths.dashboard.path}>Back to Dashboard</Link>
      <Typography variant="h4" component="h1">
        Update profile
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Profile
        </Typography>
        {profile.isPending && <Typography>Loading...</Typography>}
        {profile.isError && <Alert severity="error">{profile.error.message}</Alert>}
        {profile.data && <NameForm profile={profile.data} />}
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Password
        </Typography>
        <PasswordForm labels={passwordLabels} onChanged={() => void navigate(paths.dashboard.path)} />
      </Paper>
    </Stack>
  );
}
