import { zodResolver } from '@hookform/resolvers/zod';
import {
  PAYOUT_WALLET_LABELS,
  payoutWalletFields,
  payoutWalletsRequest,
  walletMessages,
  type PayoutWallets,
} from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';

import { ApiError } from '../../../lib/api-client.js';
import { usePayoutWallets } from '../../../api/payout-wallets.js';
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

function WalletFields({ saved }: { saved: PayoutWallets }) {
  const form = useForm({
    resolver: zodResolver(walletsForm),
    defaultValues: formValues(saved),
  });
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
        return (
          <TextField
            key={field}
            label={`${PAYOUT_WALLET_LABELS[field]} address`}
            autoComplete="off"
            required={field !== 'solana'}
            {...registration}
            helperText={registration.helperText ?? (field === 'solana' ? 'Optional' : undefined)}
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

/** The member's payout addresses, stored on the server and used to prefill withdrawals. */
export function WalletForm() {
  const wallets = usePayoutWallets();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 640 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Withdrawal Gateway
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        Withdrawals are paid to these addresses. We e-mail you whenever they change.
      </Typography>
      {wallets.isPending && <Typography>Loading...</Typography>}
      {wallets.isError && <Alert severity="error">{wallets.error.message}</Alert>}
      {wallets.data && <WalletFields saved={wallets.data} />}
    </Paper>
  );
}
