import { lockAccountRequest, lockMessages } from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type FormEvent } from 'react';

import { paths } from '../../../config/paths.js';
import { serverMessage } from '../../../lib/toasts.js';
import { useLockAccount } from '../api/lock-account.js';

const isUsableToken = (token: string | null): token is string =>
  token !== null && token.trim() !== '' && lockAccountRequest.safeParse({ token }).success;

function LockForm({ token, titleId }: { token: string; titleId: string }) {
  const lock = useLockAccount();

  // Only the member's click locks: mail scanners open the link, and opening it must change nothing.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    lock.mutate({ token });
  };

  if (lock.isSuccess) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">{lock.data.message}</Alert>
        <Link href={paths.auth.forgotPassword.path} underline="always">
          Reset your password
        </Link>
      </Stack>
    );
  }
  return (
    <Stack component="form" aria-labelledby={titleId} noValidate spacing={2.5} onSubmit={submit}>
      <Typography>
        If you did not make the change or ask for the withdrawal our e-mail told you about, someone else may
        be using your account. Locking it:
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        <li>freezes withdrawals,</li>
        <li>freezes changes to your payout addresses,</li>
        <li>signs out every session, on every device.</li>
      </Box>
      <Typography sx={{ color: 'text.secondary' }}>
        Then reset your password. Only an admin can lift the lock, once you have contacted us.
      </Typography>
      {lock.isError && (
        <Alert severity="error">
          {serverMessage(lock.error, 'The account could not be locked. Try again.')}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={lock.isPending}>
        {lock.isPending ? 'Locking...' : 'Lock my account'}
      </Button>
    </Stack>
  );
}

/** "This wasn't me: lock my account", the page a security mail's link opens; no session needed. */
export function LockAccount({ token }: { token: string | null }) {
  const titleId = useId();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, pt: { xs: 12, sm: 16 }, pb: 8 }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 520, p: { xs: 3, sm: 5 } }}>
        <Typography id={titleId} variant="h4" component="h1" gutterBottom>
          Lock my account
        </Typography>
        {isUsableToken(token) ? (
          <LockForm token={token} titleId={titleId} />
        ) : (
          <Alert severity="error">{lockMessages.linkInvalid}</Alert>
        )}
      </Paper>
    </Box>
  );
}
