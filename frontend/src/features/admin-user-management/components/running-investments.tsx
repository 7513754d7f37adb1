import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

import { RunningInvestmentsTable } from '../../../components/ui/running-investments-table.js';
import { useRunningInvestments } from '../api/get-running-investments.js';

/** The member's running investments, the first to mature first. */
export function RunningInvestments({ userId }: { userId: string }) {
  const investments = useRunningInvestments(userId);
  return (
    <Box component="section" aria-labelledby="running-investments">
      <Typography id="running-investments" variant="h6" component="h2" sx={{ mb: 2 }}>
        Running investments
      </Typography>
      <RunningInvestmentsTable label="Running investments of this member" investments={investments} />
    </Box>
  );
}
