import type { TimelineQuery } from '@ledgerstone/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams } from 'react-router-dom';

import { env } from '../../../config/env.js';
import { paths } from '../../../config/paths.js';
import { BalanceAsOf } from '../../../features/admin-audit/components/balance-as-of.js';
import { MemberTimeline } from '../../../features/admin-audit/components/member-timeline.js';
import { VerifyHistory } from '../../../features/admin-audit/components/verify-history.js';
import {
  ACTIVITY_PAGE_SIZE,
  useAccountActivity,
} from '../../../features/admin-user-management/api/get-account-activity.js';
import { useAdminUser } from '../../../features/admin-user-management/api/get-admin-user.js';
import { serverMessage } from '../../../lib/toasts.js';

export function Component() {
  const { id = '' } = useParams();
  return <MemberHistory key={id} id={id} />;
}

/** A member's account history for staff: reading only, so auditors see everything admins do. */
function MemberHistory({ id }: { id: string }) {
  const user = useAdminUser(id);
  const [filters, setFilters] = useState<TimelineQuery>({});
  const [pageIndex, setPageIndex] = useState(0);
  const activity = useAccountActivity(id, filters, pageIndex + 1);
  const name = user.data && `${user.data.first_name} ${user.data.last_name}`.trim();

  return (
    <Stack spacing={3}>
      <title>{`Account history | ${env.PRODUCT_NAME}`}</title>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <div>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {user.data ? `Account history: ${name || 'Closed account'}` : 'Account history'}
          </Typography>
          <Typography color="text.secondary">Every recorded event of the account, read only</Typography>
        </div>
        <Button
          variant="outlined"
          startIcon={<ArrowBackIcon />}
          href={paths.adminDashboard.manageUser.getHref(id)}
          sx={{ alignSelf: 'flex-start' }}
        >
          Back to Manage User
        </Button>
      </Stack>
      {user.isError && (
        <Alert severity="error">{serverMessage(user.error, 'Failed to load the member')}</Alert>
      )}
      <MemberTimeline
        activity={activity}
        onFiltersChange={(applied) => {
          setFilters(applied);
          setPageIndex(0);
        }}
        pageSize={ACTIVITY_PAGE_SIZE}
        pageIndex={pageIndex}
        onPageChange={setPageIndex}
      />
      <Divider />
      <BalanceAsOf userId={id} />
      <Divider />
      <VerifyHistory scope={{ userId: id }} />
    </Stack>
  );
}
