import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountMessages,
  amountTextSchema,
  formatUsd,
  PAYOUT_WALLET_LABELS,
  withdrawalRequest,
  type PaymentMethodResponse,
  type WithdrawalProtection,
} from '@ledgerstone/contracts';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';

import { paths } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/date-time.js';
import { formField, showFieldErrors } from '../../../components/form/form-field.js';
import { StepUpFields, useStepUp } from '../../../components/form/step-up-fields.js';
import { usePaymentMethods } from '../../../api/payment-methods.js';
import { useWithdrawalProtection } from '../../../api/withdrawal-protection.js';
import { useMemberProfile } from '../../../api/member-profile.js';
import { useProfitStatus } from '../api/get-profit-status.js';
import { useRequestWithdrawal } from '../api/request-withdrawal.js';
import { useToasts } from '../../../lib/toasts.js';
import { newIdempotencyKey } from '../../../lib/idempotency-key.js';
import { methodAddresses, payoutMethods, usableAddresses, type BookAddress } from './payout-method.js';
import { ProfitStatus } from './profit-status.js';

export const withdrawalMessages = {
  incomplete: 'Please select a payment method, enter an amount, and provide a wallet address.',
  timing: 'Withdrawals take less than 24hrs to be authorized and completed.',
} as const;

type WithdrawalSource = 'balance' | 'profit';

const titles: Record<WithdrawalSource, string> = { balance: 'Withdraw Balance', profit: 'Withdraw Profit' };

const FIELDS = ['amount', 'payment_method', 'wallet_address'] as const;
const emptyForm = { amount: '', payment_method: '', wallet_address: '' };

/**
 * The withdrawal request as the API parses it (the page gives the source), judged only once every field is
 * filled in: a form missing any gets one message for all. A zero amount is refused here, as the ledger would.
 */
const withdrawalForm = z
  .object({ amount: z.string(), payment_method: z.string(), wallet_address: z.string() })
  .refine((values) => FIELDS.every((field) => values[field].trim() !== ''), {
    path: ['root'],
    message: withdrawalMessages.incomplete,
  })
  .pipe(
    withdrawalRequest
      .omit({ source: true, secondFactor: true })
      .extend({ amount: amountTextSchema })
      .refine((request) => /[1-9]/.test(request.amount), {
        path: ['amount'],
        message: accountMessages.invalidAmount,
      }),
  );

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

const cents = (amount: string) => BigInt(amount.replace('.', ''));

/** What the rolling limits leave: the smaller of the two is what can go out now. */
function limitsNote({ daily, thirty_days }: WithdrawalProtection['limits']): string {
  const now = cents(daily.left) <= cents(thirty_days.left) ? daily.left : thirty_days.left;
  return (
    `You can withdraw up to ${formatUsd(now)} today (${formatUsd(daily.left)} of your ` +
    `${formatUsd(daily.limit)} daily limit and ${formatUsd(thirty_days.left)} of your ` +
    `${formatUsd(thirty_days.limit)} 30-day limit are left).`
  );
}

/**
 * Why withdrawals are refused whatever the form holds: a lock, a hold after a security change, or as many
 * withdrawals awaiting review as may wait at once.
 */
function ProtectionNotices({ protection }: { protection: WithdrawalProtection }) {
  const { count, most } = protection.awaiting_review;
  return (
    <>
      {protection.lock && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {accountMessages.accountLocked}
        </Alert>
      )}
      {protection.hold && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {accountMessages.withdrawalsPaused(formatDateTime(protection.hold.until))}
        </Alert>
      )}
      {count >= most && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {accountMessages.tooManyPendingWithdrawals(count)}
        </Alert>
      )}
    </>
  );
}

/** The chosen method has no address that can be used now: where to add one, and when a new one will do. */
function NoUsableAddress({ method, cooling }: { method: PaymentMethodResponse; cooling: BookAddress[] }) {
  return (
    <Alert severity="info">
      No saved address can receive {method.name} withdrawals yet.
      {cooling.map(({ wallet, usable_from }) => (
        <Fragment key={wallet}>
          {' '}
          Your {PAYOUT_WALLET_LABELS[wallet]} address is usable from {formatDateTime(usable_from)}.
        </Fragment>
      ))}{' '}
      <Link href={paths.dashboard.updateWallet.path} underline="always">
        Add or check your addresses in Withdrawal Gateway
      </Link>
      .
    </Alert>
  );
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
  const protection = useWithdrawalProtection();
  const withdrawal = useRequestWithdrawal();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  // Once the member has two-step verification on, the server asks for a fresh factor with the request.
  const stepUp = useStepUp('user');
  // Errors change only when the member proceeds (or picks another method), and focus stays on the button.
  const form = useForm({
    resolver: zodResolver(withdrawalForm),
    defaultValues: emptyForm,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [methodName, walletAddress] = useWatch({
    control: form.control,
    name: ['payment_method', 'wallet_address'],
  });

  const offered = payoutMethods(methods.data ?? []);
  const method = offered.find((candidate) => candidate.name === methodName) ?? null;
  const book = protection.data?.addresses ?? [];
  const addresses = method ? methodAddresses(method, book) : [];
  const usable = usableAddresses(addresses);
  const walletsOf = (address: string) =>
    addresses.filter((saved) => saved.address === address).map(({ wallet }) => PAYOUT_WALLET_LABELS[wallet]);
  const prefilled = usable.includes(walletAddress);

  const selectMethod = (chosen: PaymentMethodResponse) => {
    form.setValue('payment_method', chosen.name);
    form.setValue('wallet_address', usableAddresses(methodAddresses(chosen, book))[0] ?? '');
    form.clearErrors();
  };

  const refuse = (errors: FieldErrors<typeof emptyForm>) => {
    const message = errors.root?.message ?? FIELDS.map((field) => errors[field]?.message).find(Boolean);
    if (message) toasts.error(message);
  };

  const submit = form.handleSubmit(async (request) => {
    const secondFactor = await stepUp.secondFactor();
    if (secondFactor === null) return;
    withdrawal.mutate(
      { ...request, source, idempotencyKey, ...(secondFactor && { secondFactor }) },
      {
        onSuccess: async () => {
          toasts.success(accountMessages.withdrawalRequested);
          form.reset(emptyForm);
          stepUp.reset();
          setIdempotencyKey(newIdempotencyKey());
          await navigate(paths.dashboard.path);
        },
        onError: (error) => {
          toasts.error(error.message);
          if (stepUp.showRefusal(error)) return;
          if (error instanceof ApiError) showFieldErrors(form, error.fieldErrors, FIELDS);
        },
      },
    );
  }, refuse);

  const amount = formField(form, 'amount');
  const amountField = {
    ...amount,
    helperText: amount.helperText ?? (protection.data ? limitsNote(protection.data.limits) : undefined),
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 640 }}>
      <Link href={paths.dashboard.withdraw.path}>Back</Link>
      <Typography variant="h4" component="h1" sx={{ mt: 1, mb: 2 }}>
        {titles[source]}
      </Typography>
      <Box sx={{ mb: 3 }}>{source === 'balance' ? <AvailableBalance /> : <AvailableProfit />}</Box>
      {protection.data && <ProtectionNotices protection={protection.data} />}
      {protection.isError && (
        <Alert severity="error" sx={{ mb: 3 }}>
          Your saved addresses and withdrawal limits could not be loaded.
        </Alert>
      )}
      <Stack component="form" aria-label={titles[source]} noValidate spacing={3} onSubmit={submit}>
        <TextField
          label="Amount"
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          {...amountField}
        />
        {methods.isError ? (
          <Alert severity="error">The payment methods could not be loaded.</Alert>
        ) : methods.isPending || protection.isPending ? (
          // The methods wait for the address book, so that choosing one fills in its usable address.
          <Typography sx={{ color: 'text.secondary' }}>Loading...</Typography>
        ) : (
          <MethodChoice
            methods={offered}
            selected={method}
            onSelect={selectMethod}
            error={form.formState.errors.payment_method?.message}
          />
        )}
        {/*
          Controlled: choosing a method fills it in, and MUI floats the label only over a value it is given. The
          usable addresses are offered; what is typed is sent as it is, and the server judges it.
        */}
        <Controller
          control={form.control}
          name="wallet_address"
          render={({ field: { ref, onChange, onBlur, name, value }, fieldState: { error } }) => (
            <Autocomplete
              freeSolo
              options={usable}
              value={value}
              inputValue={value}
              onChange={(_event, chosen) => onChange(chosen ?? '')}
              onInputChange={(_event, typed) => onChange(typed)}
              renderOption={({ key, ...optionProps }, option) => {
                const wallets = walletsOf(option);
                return (
                  <Box component="li" key={key} {...optionProps}>
                    <Box sx={{ minWidth: 0 }}>
                      {wallets.length > 0 && (
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {wallets.join(', ')}
                        </Typography>
                      )}
                      <Typography sx={{ wordBreak: 'break-all' }}>{option}</Typography>
                    </Box>
                  </Box>
                );
              }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  name={name}
                  inputRef={ref}
                  onBlur={onBlur}
                  label="Wallet Address"
                  error={error !== undefined}
                  helperText={
                    error?.message ??
                    (prefilled && walletAddress ? 'Your saved address for this method' : undefined)
                  }
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: { ...params.slotProps.htmlInput, spellCheck: false },
                  }}
                />
              )}
            />
          )}
        />
        {method && protection.data && usable.length === 0 && (
          <NoUsableAddress method={method} cooling={addresses.filter((address) => !address.usable)} />
        )}
        <StepUpFields stepUp={stepUp} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={withdrawal.isPending || stepUp.signing}
        >
          {withdrawal.isPending ? 'Processing...' : 'Proceed to Payment'}
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {withdrawalMessages.timing}
        </Typography>
      </Stack>
    </Paper>
  );
}
