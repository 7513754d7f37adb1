import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { PasswordForm, type PasswordFormLabels } from './password-form.js';

const labels: PasswordFormLabels = {
  current: 'Old Password',
  new: 'New Password',
  confirm: 'Confirm New Password',
};

export function UpdatePassword() {
  const navigate = useNavigate();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 560 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Password
      </Typography>
      <PasswordForm labels={labels} onChanged={() => void navigate(paths.dashboard.path)} />
    </Paper>
  );
}
