import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountMessages,
  PAYOUT_WALLET_LABELS,
  payoutWalletFields,
  payoutWalletsRequest,
  walletMessages,
  type PayoutWalletField,
  type PayoutWallets,
  type WithdrawalProtection,
} from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';

import { ApiError } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/date-time.js';
import { usePayoutWallets } from '../../../api/payout-wallets.js';
import { useWithdrawalProtection } from '../../../api/withdrawal-protection.js';
import { useSavePayoutWallets } from '../api/save-payout-wallets.js';
import { useToasts } from '../../../lib/toasts.js';
import { formField, showFieldErrors } from '../../../components/form/form-field.js';
import { StepUpFields, useStepUp } from '../../../components/form/step-up-fields.js';

// The form holds the addresses; the second factor is asked for beside them (see StepUpFields).
const walletsForm = payoutWalletsRequest.omit({ secondFactor: true });

const formValues = (wallets: PayoutWallets) => ({
  bitcoin: wallets.bitcoin ?? '',
  ethereum: wallets.ethereum ?? '',
  usdt: wallets.usdt ?? '',
  solana: wallets.solana ?? '',
});

type AddressBook = WithdrawalProtection['addresses'];

/** "Usable from ..." while the saved address in the field still cools; nothing once it is usable or edited. */
function coolingNote(book: AddressBook, field: PayoutWalletField, value: string): string | undefined {
  const entry = book.find((candidate) => candidate.wallet === field && candidate.address === value.trim());
  return entry && !entry.usable ? `Usable from ${formatDateTime(entry.usable_from)}` : undefined;
}

function WalletFields({ saved, book }: { saved: PayoutWallets; book: AddressBook }) {
  const form = useForm({
    resolver: zodResolver(walletsForm),
    defaultValues: formValues(saved),
  });
  const values = useWatch({ control: form.control });
  const save = useSavePayoutWallets();
  const toasts = useToasts();
  // Once the member has two-step verification on, the server asks for a fresh factor with the change.
  const stepUp = useStepUp('user');

  const submit = form.handleSubmit(async (wallets) => {
    const secondFactor = await stepUp.secondFactor();
    if (secondFactor === null) return;
    save.mutate(
      { ...wallets, ...(secondFactor && { secondFactor }) },
      {
        onSuccess: () => {
          toasts.success(walletMessages.saved);
          stepUp.reset();
          // The server keeps the canonical spelling (lower-case bech32, EIP-55 checksums): show that.
          form.reset(formValues({ ...wallets, solana: wallets.solana ?? null }));
        },
        onError: (error) => {
          toasts.error(error.message);
          if (stepUp.showRefusal(error)) return;
          if (error instanceof ApiError) showFieldErrors(form, error.fieldErrors, payoutWalletFields);
        },
      },
    );
  });

  return (
    <Stack component="form" aria-label="Withdrawal Gateway" noValidate spacing={2.5} onSubmit={submit}>
      {payoutWalletFields.map((field) => {
        const registration = formField(form, field);
        const cooling = coolingNote(book, field, values[field] ?? '');
        return (
          <TextField
            key={field}
            label={`${PAYOUT_WALLET_LABELS[field]} address`}
            autoComplete="off"
            required={field !== 'solana'}
            {...registration}
            helperText={registration.helperText ?? cooling ?? (field === 'solana' ? 'Optional' : undefined)}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
        );
      })}
      <StepUpFields stepUp={stepUp} />
      <Button type="submit" variant="contained" size="large" disabled={save.isPending || stepUp.signing}>
        {save.isPending ? 'Saving...' : 'Save'}
      </Button>
    </Stack>
  );
}

function LockNotice({ lock }: { lock: NonNullable<WithdrawalProtection['lock']> }) {
  return (
    <Alert severity="error" sx={{ mb: 3 }}>
      <AlertTitle>Your account is locked</AlertTitle>
      <Typography variant="body2">{accountMessages.accountLocked}</Typography>
      <Typography variant="body2">Reason: {lock.reason}</Typography>
    </Alert>
  );
}

/**
 * The member's payout addresses, stored on the server and offered for withdrawals once their cooling period
 * has passed.
 */
export function WalletForm() {
  const wallets = usePayoutWallets();
  const protection = useWithdrawalProtection();
  const coolingHours = protection.data?.cooling_hours ?? 0;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 640 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Withdrawal Gateway
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: coolingHours > 0 ? 1 : 3 }}>
        Withdrawals are paid to these addresses. We e-mail you whenever they change.
      </Typography>
      {coolingHours > 0 && (
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>
          A new or changed address can be used for withdrawals {coolingHours} hours after you save it.
        </Typography>
      )}
      {protection.data?.lock && <LockNotice lock={protection.data.lock} />}
      {wallets.isPending && <Typography>Loading...</Typography>}
      {wallets.isError && <Alert severity="error">{wallets.error.message}</Alert>}
      {wallets.data && <WalletFields saved={wallets.data} book={protection.data?.addresses ?? []} />}
    </Paper>
  );
}
