import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { paths } from '../../../config/paths.js';
import { formatDate } from '../../../lib/date-time.js';
import { useLatestUsers } from '../api/get-latest-users.js';
import { LoadError } from './load-error.js';

const LATEST_COUNT = 5;

export function LatestUsers() {
  const titleId = useId();
  const latest = useLatestUsers(LATEST_COUNT);
  const users = latest.data?.users;

  let body;
  if (latest.isError) body = <LoadError message={latest.error.message} />;
  else if (!users) body = <Typography>Loading...</Typography>;
  else if (users.length === 0) body = <Typography>No users yet</Typography>;
  else
    body = (
      <Box component="ul" aria-labelledby={titleId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {users.map((user) => (
          <li key={user.id}>
            <Link
              href={paths.adminDashboard.manageUser.getHref(user.id)}
              underline="none"
              sx={{
                display: 'block',
                px: 1.5,
                py: 1,
                borderRadius: 1,
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              <Typography component="span" sx={{ display: 'block', color: 'text.primary' }}>
                {user.first_name} {user.last_name}
              </Typography>
              <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                {user.email} · joined {formatDate(user.createdAt)}
              </Typography>
            </Link>
          </li>
        ))}
      </Box>
    );

  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: 2 }}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1 }}>
        Latest Users
      </Typography>
      {body}
    </Paper>
  );
}
