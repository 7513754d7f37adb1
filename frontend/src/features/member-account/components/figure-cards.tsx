import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import PaymentsIcon from '@mui/icons-material/Payments';
import SavingsIcon from '@mui/icons-material/Savings';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MemberFigures } from '@ledgerstone/contracts';
import type { ReactNode } from 'react';

import { formatFigure } from '../format.js';

const cards: { title: string; field: keyof MemberFigures; icon: ReactNode }[] = [
  { title: 'Account Balance', field: 'withdrawable_balance', icon: <AccountBalanceWalletIcon /> },
  { title: 'Total Deposit', field: 'total_invest', icon: <SavingsIcon /> },
  { title: 'Total Withdrawals', field: 'total_withdrawal', icon: <PaymentsIcon /> },
  { title: 'Accumulated Interest', field: 'total_balance', icon: <TrendingUpIcon /> },
];

/** The four figures of the member's account; each shows $0.00 until the server says otherwise. */
export function FigureCards({ figures }: { figures: Partial<MemberFigures> | undefined }) {
  return (
    <Grid container spacing={2} sx={{ mb: 4 }}>
      {cards.map((card) => (
        <Grid key={card.field} size={{ xs: 12, sm: 6, lg: 3 }}>
          <Paper
            component="section"
            aria-label={card.title}
            variant="outlined"
            sx={{ p: 2.5, height: '100%', display: 'flex', gap: 2, alignItems: 'center' }}
          >
            <Box
              aria-hidden="true"
              sx={{
                display: 'grid',
                placeItems: 'center',
                width: 44,
                height: 44,
                borderRadius: 2,
                bgcolor: 'rgba(212, 175, 90, 0.14)',
                color: 'primary.main',
                flexShrink: 0,
              }}
            >
              {card.icon}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h2" sx={{ fontSize: 14, fontFamily: 'inherit', color: 'text.secondary' }}>
                {card.title}
              </Typography>
              <Typography sx={{ fontSize: 22, fontWeight: 700, mt: 0.5 }}>
                {formatFigure(figures?.[card.field])}
              </Typography>
            </Box>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
