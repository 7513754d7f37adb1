import Skeleton from '@mui/material/Skeleton';
import type { AccountBalances } from '@ledgerstone/contracts';
// The money format alone: the contracts' index would bring zod into the dashboard's first load.
import { formatUsd } from '@ledgerstone/contracts/money-format';

import { FigureCardGrid } from '../../../components/ui/figure-card-grid.js';
import { balanceFields, balanceLabels } from '../../../lib/account-events.js';

/** The six figures at the as-of moment; they stack on narrow screens. */
export function BalanceCards({ balances }: { balances: AccountBalances | undefined }) {
  const figures = balanceFields.map((field) => ({
    key: field,
    title: balanceLabels[field],
    value: balances ? formatUsd(balances[field]) : <Skeleton width="60%" />,
    highlighted: field === 'total',
  }));
  return <FigureCardGrid figures={figures} perRowLarge={3} titleLevel="h3" />;
}
