import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HistoryIcon from '@mui/icons-material/History';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { useAdminUser } from '../api/get-admin-user.js';
import { serverMessage } from '../../../lib/toasts.js';
import { AccountActivity } from './account-activity.js';
import { EditUserForm } from './edit-user-form.js';
import { PendingProposals } from './pending-proposals.js';
import { RunningInvestments } from './running-investments.js';
import { UserActions } from './user-actions.js';
import { UserInformation } from './user-information.js';
import { UserSummaryCards } from './user-summary-cards.js';
import { WithdrawalProtection } from './withdrawal-protection.js';

/** One member as staff see them; an auditor gets no actions and a disabled form. */
export function ManageUser({ userId, readOnly }: { userId: string; readOnly: boolean }) {
  const user = useAdminUser(userId);
  const navigate = useNavigate();
  const userList = paths.adminDashboard.users.path;
  const name = user.data && `${user.data.first_name} ${user.data.last_name}`.trim();

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
      >
        <div>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {user.data ? name || 'Closed account' : 'Manage User'}
          </Typography>
          <Typography color="text.secondary">View and edit user information</Typography>
        </div>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={() => void navigate(userList)}>
            Back
          </Button>
          <Button
            variant="outlined"
            startIcon={<HistoryIcon />}
            href={paths.adminDashboard.memberHistory.getHref(userId)}
          >
            Account history
          </Button>
          {/* A closed account has nothing left to delete and no address to write to. */}
          {!readOnly && user.data && user.data.status !== 'closed' && (
            <>
              <UserActions userId={userId} onDeleted={() => void navigate(userList)} />
              <Button
                variant="contained"
                startIcon={<MailOutlineIcon />}
                onClick={() => void navigate(paths.adminDashboard.message.getHref(userId))}
              >
                Email Client
              </Button>
            </>
          )}
        </Stack>
      </Stack>
      {user.isPending && <Typography>Loading...</Typography>}
      {user.isError && <Alert severity="error">{serverMessage(user.error, 'Failed to load the user')}</Alert>}
      {user.data && (
        <>
          <PendingProposals userId={userId} />
          <UserSummaryCards user={user.data} />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 5 }}>
              <UserInformation user={user.data} />
            </Grid>
            <Grid size={{ xs: 12, md: 7 }}>
              <EditUserForm key={user.data.id} user={user.data} readOnly={readOnly} />
            </Grid>
          </Grid>
          <WithdrawalProtection userId={userId} readOnly={readOnly || user.data.status === 'closed'} />
          <RunningInvestments userId={userId} />
          <AccountActivity userId={userId} />
        </>
      )}
    </Stack>
  );
}
