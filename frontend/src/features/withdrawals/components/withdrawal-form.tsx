import { accountMessages, amountSchema, formatUsd, type PaymentMethodResponse } from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { usePaymentMethods } from '../../../api/payment-methods.js';
import { usePayoutWallets } from '../../../api/payout-wallets.js';
import { useMemberProfile } from '../../../api/member-profile.js';
import { useProfitStatus } from '../api/get-profit-status.js';
import { useRequestWithdrawal } from '../api/request-withdrawal.js';
import { useToasts } from '../../../lib/toasts.js';
import { newIdempotencyKey } from './idempotency-key.js';
import { payoutMethods, savedPayoutAddress } from './payout-method.js';
import { ProfitStatus } from './profit-status.js';

export const withdrawalMessages = {
  incomplete: 'Please select a payment method, enter an amount, and provide a wallet address.',
  invalidAmount: 'Please enter a valid amount.',
  success: accountMessages.withdrawalRequested,
  timing: 'Withdrawals take less than 24hrs to be authorized and completed.',
} as const;

type WithdrawalSource = 'balance' | 'profit';
type FieldErrors = { amount?: string; payment_method?: string; wallet_address?: string };

const titles: Record<WithdrawalSource, string> = { balance: 'Withdraw Balance', profit: 'Withdraw Profit' };

function isPositiveAmount(amount: string): boolean {
  const parsed = amountSchema.safeParse(amount);
  return parsed.success && /[1-9]/.test(parsed.data);
}

function AvailableBalance() {
  const profile = useMemberProfile();
  if (!profile.data) return null;
  return (
    <Typography>
      Account Balance: <strong>{formatUsd(profile.data.withdrawable_balance)}</strong>
    </Typography>
  );
}

function AvailableProfit() {
  const profit = useProfitStatus();
  if (profit.isPending) return <Typography sx={{ color: 'text.secondary' }}>Loading...</Typography>;
  if (profit.isError) return <Alert severity="error">Your profit could not be loaded.</Alert>;
  return <ProfitStatus status={profit.data} />;
}

function MethodChoice(props: {
  methods: PaymentMethodResponse[];
  selected: PaymentMethodResponse | null;
  onSelect: (method: PaymentMethodResponse) => void;
  error?: string;
}) {
  return (
    <Box
      role="group"
      aria-labelledby="withdrawal-method-label"
      aria-describedby={props.error ? 'withdrawal-method-error' : undefined}
    >
      <Typography id="withdrawal-method-label" sx={{ mb: 1 }}>
        Payment method
      </Typography>
      {props.methods.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>No payout method is available at the moment.</Typography>
      )}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))' }}>
        {props.methods.map((method) => {
          const pressed = props.selected?.id === method.id;
          return (
            <ButtonBase
              key={method.id}
              aria-pressed={pressed}
              onClick={() => props.onSelect(method)}
              sx={{
                p: 2,
                borderRadius: 2,
                border: 2,
                borderColor: pressed ? 'primary.main' : 'grey.600',
                bgcolor: pressed ? 'rgba(212, 175, 90, 0.12)' : 'background.paper',
                fontWeight: 600,
                letterSpacing: '0.04em',
              }}
            >
              {method.name}
            </ButtonBase>
          );
        })}
      </Box>
      {props.error && (
        <FormHelperText id="withdrawal-method-error" error>
          {props.error}
        </FormHelperText>
      )}
    </Box>
  );
}

/** Withdraw Balance and Withdraw Profit: one form, drawing on the Account Balance or the unlocked profit. */
export function WithdrawalForm({ source }: { source: WithdrawalSource }) {
  const navigate = useNavigate();
  const toasts = useToasts();
  const methods = usePaymentMethods();
  const wallets = usePayoutWallets();
  const withdrawal = useRequestWithdrawal();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethodResponse | null>(null);
  const [walletAddress, setWalletAddress] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const offered = payoutMethods(methods.data ?? []);
  const prefilled = method !== null && walletAddress === savedPayoutAddress(method, wallets.data);

  const selectMethod = (chosen: PaymentMethodResponse) => {
    setMethod(chosen);
    setWalletAddress(savedPayoutAddress(chosen, wallets.data) ?? '');
    setErrors({});
  };

  const refuse = (message: string, fieldErrors: FieldErrors = {}) => {
    setErrors(fieldErrors);
    toasts.error(message);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (method === null || amount.trim() === '' || walletAddress.trim() === '') {
      return refuse(withdrawalMessages.incomplete);
    }
    if (!isPositiveAmount(amount)) {
      return refuse(withdrawalMessages.invalidAmount, { amount: withdrawalMessages.invalidAmount });
    }
    setErrors({});
    withdrawal.mutate(
      {
        source,
        amount: amount.trim(),
        payment_method: method.name,
        wallet_address: walletAddress.trim(),
        idempotencyKey,
      },
      {
        onSuccess: async () => {
          toasts.success(withdrawalMessages.success);
          setAmount('');
          setMethod(null);
          setWalletAddress('');
          setIdempotencyKey(newIdempotencyKey());
          await navigate(paths.dashboard.path);
        },
        onError: (error) =>
          refuse(error.message, error instanceof ApiError ? (error.fieldErrors as FieldErrors) : {}),
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 640 }}>
      <Link href={paths.dashboard.withdraw.path}>Back</Link>
      <Typography variant="h4" component="h1" sx={{ mt: 1, mb: 2 }}>
        {titles[source]}
      </Typography>
      <Box sx={{ mb: 3 }}>{source === 'balance' ? <AvailableBalance /> : <AvailableProfit />}</Box>
      <Stack component="form" aria-label={titles[source]} noValidate spacing={3} onSubmit={submit}>
        <TextField
          label="Amount"
          name="amount"
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={errors.amount !== undefined}
          helperText={errors.amount}
        />
        {methods.isError ? (
          <Alert severity="error">The payment methods could not be loaded.</Alert>
        ) : methods.isPending ? (
          <Typography sx={{ color: 'text.secondary' }}>Loading...</Typography>
        ) : (
          <MethodChoice
            methods={offered}
            selected={method}
            onSelect={selectMethod}
            error={errors.payment_method}
          />
        )}
        <TextField
          label="Wallet Address"
          name="wallet_address"
          autoComplete="off"
          value={walletAddress}
          onChange={(event) => setWalletAddress(event.target.value)}
          error={errors.wallet_address !== undefined}
          helperText={
            errors.wallet_address ??
            (prefilled && walletAddress ? 'Your saved address for this method' : undefined)
          }
        />
        <Button type="submit" variant="contained" size="large" disabled={withdrawal.isPending}>
          {withdrawal.isPending ? 'Processing...' : 'Proceed to Payment'}
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {withdrawalMessages.timing}
        </Typography>
      </Stack>
    </Paper>
  );
}
