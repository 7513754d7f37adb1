// The messages alone: the contracts' index would bring zod into the dashboard's first load.
import { accountMessages } from '@ledgerstone/contracts/account-messages';
import type { WithdrawalProtection } from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import { paths } from '../../../config/paths.js';
import { formatDateTime } from '../../../lib/date-time.js';

type Lock = NonNullable<WithdrawalProtection['lock']>;

const lockedBy: Record<Lock['locked_by'], string> = {
  member: 'You locked your account from the link in one of our e-mails',
  admin: 'An admin locked your account',
};

function LockAlert({ lock }: { lock: Lock }) {
  return (
    <Alert severity="error">
      <AlertTitle>Your account is locked</AlertTitle>
      <Stack spacing={1}>
        <Typography variant="body2">{accountMessages.accountLocked}</Typography>
        <Typography variant="body2">
          {lockedBy[lock.locked_by]} on {formatDateTime(lock.locked_at)}. Reason: {lock.reason}
        </Typography>
        <Typography variant="body2">
          If you did not make the changes we e-mailed you about, someone else may know your password.{' '}
          <Link href={paths.auth.forgotPassword.path} underline="always">
            Reset your password
          </Link>{' '}
          now, then contact us to have the lock lifted.
        </Typography>
      </Stack>
    </Alert>
  );
}

/** The member dashboard's notice of what stops withdrawals now: a lock, or a hold after a security change. */
export function WithdrawalProtectionAlerts({ protection }: { protection: WithdrawalProtection | undefined }) {
  if (!protection || (!protection.lock && !protection.hold)) return null;
  return (
    <Stack spacing={2} sx={{ mb: 3 }}>
      {protection.lock && <LockAlert lock={protection.lock} />}
      {protection.hold && (
        <Alert severity="warning">
          <AlertTitle>Withdrawals are paused</AlertTitle>
          {accountMessages.withdrawalsPaused(formatDateTime(protection.hold.until))}
        </Alert>
      )}
    </Stack>
  );
}
