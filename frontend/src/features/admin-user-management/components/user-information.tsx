import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import type { AdminUser } from '../api/get-admin-user.js';
import { formatDate } from './format.js';

export function UserInformation({ user }: { user: AdminUser }) {
  const rows = [
    ['Full Name', `${user.first_name} ${user.last_name}`.trim() || '—'],
    ['Email Address', user.email || '—'],
    ['Phone', user.phone || '—'],
    ['Registration Date', formatDate(user.createdAt)],
  ] as const;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        User Information
      </Typography>
      <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
        {rows.map(([term, value]) => (
          <div key={term}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
