import {
  formatUsd,
  PAYOUT_WALLET_LABELS,
  type WithdrawalProtection as Protection,
} from '@ledgerstone/contracts';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';

import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.js';
import { formatDateTime } from '../../../lib/date-time.js';
import { serverMessage } from '../../../lib/toasts.js';
import { useWithdrawalProtection } from '../api/get-withdrawal-protection.js';
import { UnlockAccountDialog } from './unlock-account-dialog.js';
import { WithdrawalLimitsForm } from './withdrawal-limits-form.js';

type AddressBookEntry = Protection['addresses'][number];
type Hold = NonNullable<Protection['hold']>;
type Lock = NonNullable<Protection['lock']>;

const HOLD_CAUSES: Record<Hold['cause'], string> = {
  'password-changed': 'the password was changed',
  'password-reset': 'the password was reset',
  'email-changed': 'the e-mail address was changed',
  'second-factor-removed': 'a second factor was removed',
  'second-factors-reset-by-admin': 'an admin reset the second factors',
};

const LOCKED_BY: Record<Lock['locked_by'], string> = {
  member: 'The member, from the link in a security e-mail',
  admin: 'An admin',
};

function Part({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}
    >
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2 }}
    >
      {facts.map(([term, detail]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, mb: 1, overflowWrap: 'anywhere' }}>
            {detail}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function LockPart({ userId, lock, readOnly }: { userId: string; lock: Lock | null; readOnly: boolean }) {
  const [unlocking, setUnlocking] = useState(false);
  return (
    <Part title="Account lock">
      {lock ? (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error" sx={{ width: '100%' }}>
            Locked: no withdrawal or change of payout address until an admin lifts the lock.
          </Alert>
          <Facts
            facts={[
              ['Locked by', LOCKED_BY[lock.locked_by]],
              ['Reason', lock.reason],
              ['Locked at', formatDateTime(lock.locked_at)],
            ]}
          />
          {!readOnly && (
            <>
              <Button variant="contained" startIcon={<LockOpenIcon />} onClick={() => setUnlocking(true)}>
                Unlock account
              </Button>
              <UnlockAccountDialog userId={userId} open={unlocking} onClose={() => setUnlocking(false)} />
            </>
          )}
        </Stack>
      ) : (
        <Typography variant="body2">Not locked.</Typography>
      )}
    </Part>
  );
}

function HoldPart({ hold }: { hold: Hold | null }) {
  return (
    <Part title="Security hold">
      {hold ? (
        <Stack spacing={1.5}>
          <Alert severity="warning">
            Withdrawals are paused until {formatDateTime(hold.until)} because {HOLD_CAUSES[hold.cause]}.
          </Alert>
          <Facts facts={[['Since', formatDateTime(hold.started_at)]]} />
        </Stack>
      ) : (
        <Typography variant="body2">No security hold.</Typography>
      )}
    </Part>
  );
}

function LimitsPart({
  userId,
  limits,
  awaitingReview,
  readOnly,
}: {
  userId: string;
  limits: Protection['limits'];
  awaitingReview: Protection['awaiting_review'];
  readOnly: boolean;
}) {
  const windows = [
    ['24 hours', limits.daily],
    ['30 days', limits.thirty_days],
  ] as const;
  return (
    <Part title="Withdrawal limits">
      <Stack spacing={2}>
        <div>
          <Chip
            size="small"
            variant="outlined"
            color={limits.own ? 'secondary' : 'default'}
            label={limits.own ? "The member's own limits" : 'Platform defaults'}
          />
        </div>
        {/* Focusable: at 390px the figures scroll sideways, and a keyboard must reach them too. */}
        <TableContainer tabIndex={0} role="region" aria-label="Withdrawal limits of this member">
          <Table
            size="small"
            aria-label="Withdrawal limits of this member"
            sx={{ '& .MuiTableCell-root': { px: 1 } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>Window</TableCell>
                <TableCell align="right">Limit</TableCell>
                <TableCell align="right">Used</TableCell>
                <TableCell align="right">Left</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {windows.map(([window, use]) => (
                <TableRow key={window}>
                  <TableCell component="th" scope="row">
                    {window}
                  </TableCell>
                  <TableCell align="right">{formatUsd(use.limit)}</TableCell>
                  <TableCell align="right">{formatUsd(use.used)}</TableCell>
                  <TableCell align="right">{formatUsd(use.left)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Typography variant="body2" color="text.secondary">
          Withdrawals awaiting review: {awaitingReview.count} of at most {awaitingReview.most} at once.
        </Typography>
        {!readOnly && (
          <WithdrawalLimitsForm
            key={`${limits.daily.limit}/${limits.thirty_days.limit}`}
            userId={userId}
            limits={limits}
          />
        )}
      </Stack>
    </Part>
  );
}

const addressColumns: DataTableColumn<AddressBookEntry>[] = [
  { id: 'wallet', header: 'Wallet', accessorFn: (entry) => PAYOUT_WALLET_LABELS[entry.wallet] },
  {
    id: 'address',
    header: 'Address',
    accessorFn: (entry) => entry.address ?? 'Erased',
    cell: ({ getValue }) => <Box sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>{String(getValue())}</Box>,
  },
  { id: 'saved_at', header: 'Saved at', accessorFn: (entry) => formatDateTime(entry.saved_at) },
  {
    id: 'usable_from',
    header: 'Usable from',
    accessorFn: (entry) => formatDateTime(entry.usable_from),
    cell: ({ row, getValue }) => (
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <span>{String(getValue())}</span>
        {!row.original.usable && <Chip size="small" variant="outlined" color="warning" label="Cooling" />}
      </Stack>
    ),
  },
];

/** What protects the member's withdrawals: the lock, any hold, the limits and the address book. */
export function WithdrawalProtection({ userId, readOnly }: { userId: string; readOnly: boolean }) {
  const protection = useWithdrawalProtection(userId);
  const data = protection.data;
  return (
    <Box component="section" aria-labelledby="withdrawal-protection">
      <Typography id="withdrawal-protection" variant="h6" component="h2" sx={{ mb: 2 }}>
        Withdrawal protection
      </Typography>
      {protection.isPending && <Typography>Loading...</Typography>}
      {protection.isError && (
        <Alert severity="error">
          {serverMessage(protection.error, 'Failed to load the withdrawal protection')}
        </Alert>
      )}
      {data && (
        <Stack spacing={2}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <LockPart userId={userId} lock={data.lock} readOnly={readOnly} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <HoldPart hold={data.hold} />
            </Grid>
          </Grid>
          <LimitsPart
            userId={userId}
            limits={data.limits}
            awaitingReview={data.awaiting_review}
            readOnly={readOnly}
          />
          <Part title="Address book">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {data.cooling_hours > 0
                ? `A new or changed address can receive withdrawals ${data.cooling_hours} hours after it is saved.`
                : 'New and changed addresses can receive withdrawals at once.'}
            </Typography>
            <DataTable
              label="Payout addresses of this member"
              columns={addressColumns}
              rows={data.addresses}
              isLoading={false}
              isError={false}
              searchable={false}
              getRowId={(entry) => entry.wallet}
              emptyMessage="No payout address saved"
            />
          </Part>
        </Stack>
      )}
    </Box>
  );
}
