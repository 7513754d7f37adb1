import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AccountActivity } from '@ledgerstone/contracts';
// The money format alone: the contracts' index would bring zod into the dashboard's first load.
import { formatUsd } from '@ledgerstone/contracts/money-format';

import { FETCH_ERROR_TEXT } from '../../../components/ui/status-text.js';
import { eventTypeLabel, isSecurityEvent } from '../../../lib/account-events.js';
import { formatDateTime } from '../../../lib/date-time.js';

type Activity = AccountActivity['data'][number];

const bucketTitles: Record<string, string> = {
  available: 'Account Balance',
  invested: 'Total Deposit',
  profit: 'Accumulated Interest',
};

export function activityLabel({ type, bucket }: Pick<Activity, 'type' | 'bucket'>): string {
  if (type === 'BalanceAdjusted') {
    return `Balance adjusted: ${bucket ? (bucketTitles[bucket] ?? bucket) : 'Account'}`;
  }
  return eventTypeLabel(type);
}

/** Adjustments carry their sign; other movements show their amount; a security change moved no money. */
function activityAmount({ type, amount }: Activity): string {
  if (isSecurityEvent(type)) return '';
  return type === 'BalanceAdjusted' && !amount.startsWith('-') ? `+${formatUsd(amount)}` : formatUsd(amount);
}

type RecentActivityProps = { activity: AccountActivity | undefined; isLoading: boolean; isError: boolean };

export function RecentActivity({ activity, isLoading, isError }: RecentActivityProps) {
  const recent = activity?.data ?? [];
  return (
    <Box component="section" aria-labelledby="recent-activity-heading">
      <Typography id="recent-activity-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        Recent activity
      </Typography>
      <Paper variant="outlined">
        {isLoading && <Typography sx={{ p: 2 }}>Loading...</Typography>}
        {isError && (
          <Typography role="alert" sx={{ p: 2 }}>
            {FETCH_ERROR_TEXT}
          </Typography>
        )}
        {activity && recent.length === 0 && (
          <Typography sx={{ p: 2, color: 'text.secondary' }}>No activity yet.</Typography>
        )}
        {recent.length > 0 && (
          <Box component="ul" aria-label="Recent activity" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {recent.map((entry, index) => (
              <Box
                component="li"
                key={entry.id}
                sx={{
                  display: 'flex',
                  gap: 2,
                  alignItems: 'flex-start',
                  px: 2,
                  py: 1.5,
                  borderBottom: index < recent.length - 1 ? 1 : 0,
                  borderColor: 'divider',
                }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>{activityLabel(entry)}</Typography>
                  {entry.reason && (
                    <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                      Reason: {entry.reason}
                    </Typography>
                  )}
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {formatDateTime(entry.occurredAt)}
                  </Typography>
                </Box>
                <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {activityAmount(entry)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Paper>
    </Box>
  );
}
