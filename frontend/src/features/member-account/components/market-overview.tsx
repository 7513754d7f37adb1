import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MarketPrices } from '@ledgerstone/contracts';
import { lazy } from 'react';

import { LOADING_TEXT } from '../../../components/ui/status-text.js';
import { WhenNearViewport } from '../../../components/ui/when-near-viewport.js';

// Below the dashboard's first screen: the table, with react-table, loads when it is scrolled near.
const MarketOverviewTable = lazy(async () => ({
  default: (await import('./market-overview-table.js')).MarketOverviewTable,
}));

function TablePlaceholder() {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, py: 4, textAlign: 'center', color: 'text.secondary' }}
    >
      {LOADING_TEXT}
    </Paper>
  );
}

type MarketOverviewProps = { prices: MarketPrices | undefined; isLoading: boolean; isError: boolean };

export function MarketOverview(props: MarketOverviewProps) {
  return (
    <Box component="section" aria-labelledby="market-overview-heading" sx={{ mb: 4 }}>
      <Typography id="market-overview-heading" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        Market overview
      </Typography>
      <WhenNearViewport placeholder={<TablePlaceholder />}>
        <MarketOverviewTable {...props} />
      </WhenNearViewport>
    </Box>
  );
}
