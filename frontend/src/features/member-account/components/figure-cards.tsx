import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import PaymentsIcon from '@mui/icons-material/Payments';
import SavingsIcon from '@mui/icons-material/Savings';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import type { MemberFigures } from '@ledgerstone/contracts';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';

import { FigureCardGrid } from '../../../components/ui/figure-card-grid.js';
import { formatFigure } from '../format.js';

const cards: { title: string; field: keyof MemberFigures; icon: ReactNode }[] = [
  { title: 'Account Balance', field: 'withdrawable_balance', icon: <AccountBalanceWalletIcon /> },
  { title: 'Total Deposit', field: 'total_invest', icon: <SavingsIcon /> },
  { title: 'Total Withdrawals', field: 'total_withdrawal', icon: <PaymentsIcon /> },
  { title: 'Accumulated Interest', field: 'total_balance', icon: <TrendingUpIcon /> },
];

/**
 * The four figures of the member's account. Until the profile arrives each shows a placeholder, never a figure
 * the server did not give ($0.00 would be a balance nobody has checked).
 */
export function FigureCards({ figures }: { figures: Partial<MemberFigures> | undefined }) {
  const shown = cards.map(({ title, field, icon }) => ({
    key: field,
    title,
    icon,
    value: figures ? formatFigure(figures[field]) : <Skeleton width="7ch" />,
  }));
  return <FigureCardGrid figures={shown} perRowLarge={4} titleLevel="h2" />;
}
