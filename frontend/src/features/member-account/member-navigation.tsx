import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import DashboardIcon from '@mui/icons-material/Dashboard';
import GroupIcon from '@mui/icons-material/Group';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import KeyIcon from '@mui/icons-material/Key';
import LogoutIcon from '@mui/icons-material/Logout';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SavingsIcon from '@mui/icons-material/Savings';
import SecurityIcon from '@mui/icons-material/Security';

import type { ShellNavGroup } from '../../components/layout/app-shell.js';
import { paths } from '../../config/paths.js';

const member = paths.dashboard;

/** The member sidebar's three groups, as the spec lists them; Log out is an action, not a route. */
export function memberNavigation(onLogout: () => void): ShellNavGroup[] {
  return [
    {
      title: 'MEMBER ACCOUNT',
      items: [
        { label: 'Dashboard', href: member.path, end: true, icon: <DashboardIcon fontSize="small" /> },
        { label: 'Affiliate', href: member.affiliate.path, icon: <GroupIcon fontSize="small" /> },
      ],
    },
    {
      title: 'FINANCE',
      items: [
        { label: 'Deposits', href: member.depositHistory.path, icon: <SavingsIcon fontSize="small" /> },
        { label: 'Our Packages', href: member.deposit.path, icon: <Inventory2Icon fontSize="small" /> },
        { label: 'Withdrawals', href: member.withdrawHistory.path, icon: <PaymentsIcon fontSize="small" /> },
        { label: 'Statement', href: member.statement.path, icon: <ReceiptLongIcon fontSize="small" /> },
      ],
    },
    {
      title: 'SETTINGS',
      items: [
        {
          label: 'Withdrawal Gateway',
          href: member.updateWallet.path,
          icon: <AccountBalanceWalletIcon fontSize="small" />,
        },
        { label: 'Password', href: member.updatePassword.path, icon: <KeyIcon fontSize="small" /> },
        { label: 'Security', href: member.security.path, icon: <SecurityIcon fontSize="small" /> },
        { label: 'Log out', onSelect: onLogout, icon: <LogoutIcon fontSize="small" /> },
      ],
    },
  ];
}
