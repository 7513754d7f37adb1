import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountMessages,
  depositRequest,
  formatUsd,
  WALLET_NETWORKS,
  type PaymentMethodResponse,
  type PlanResponse,
} from '@ledgerstone/contracts';
import { useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';

import { paths } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { formField, showFieldErrors } from '../../../components/form/form-field.js';
import { FETCH_ERROR_TEXT } from '../../../components/ui/status-text.js';
import { useCreateDeposit } from '../api/create-deposit.js';
import { usePaymentMethods } from '../../../api/payment-methods.js';
import { usePlans } from '../api/get-plans.js';
import { serverMessage, useToasts } from '../../../lib/toasts.js';
import { depositSelection, planReturn, type DepositSelection } from './deposit-terms.js';
import { ProofDropZone } from './proof-drop-zone.js';
import { ReceivingAddress } from './receiving-address.js';

/** The deposit request's fields, as the API parses them, and the proof of payment sent beside them. */
const depositForm = depositRequest.extend({
  payment_proof: z.instanceof(File, { error: accountMessages.missingProof }),
});
type DepositFormValues = z.input<typeof depositForm>;

const FIELDS = ['plan', 'amount', 'payment_method', 'transaction_hash', 'payment_proof'] as const;

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
      <Typography component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
        {value}
      </Typography>
    </Stack>
  );
}

function PaymentForm({
  selection,
  plan,
  method,
}: {
  selection: DepositSelection;
  plan: PlanResponse;
  method: PaymentMethodResponse;
}) {
  const toasts = useToasts();
  const navigate = useNavigate();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [progress, setProgress] = useState(0);
  const deposit = useCreateDeposit({ idempotencyKey, onProgress: setProgress });
  // Errors change only when the member completes the payment (or picks a proof), as the toasts do.
  const form = useForm({
    resolver: zodResolver(depositForm),
    defaultValues: {
      plan: plan.id,
      amount: selection.amount,
      payment_method: method.id,
      transaction_hash: '',
    },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const transactionHash = formField(form, 'transaction_hash');

  const refuse = (refused: FieldErrors<DepositFormValues>) => {
    const message = FIELDS.map((field) => refused[field]?.message).find(Boolean);
    if (message) toasts.error(message);
  };

  const submit = form.handleSubmit((request) => {
    setProgress(0);
    deposit.mutate(
      {
        planId: request.plan,
        paymentMethodId: request.payment_method,
        amount: request.amount,
        transactionHash: request.transaction_hash ?? '',
        proof: request.payment_proof,
      },
      {
        onSuccess: (response) => {
          toasts.success(response.message);
          void navigate(paths.dashboard.path);
        },
        onError: (error) => {
          if (error instanceof ApiError) showFieldErrors(form, error.fieldErrors, FIELDS);
          toasts.error(serverMessage(error, 'Something went wrong'));
        },
      },
    );
  }, refuse);

  // Plan, amount and method were chosen on the plans page: their errors are shown here, with the summary.
  const selectionErrors = [errors.plan, errors.amount, errors.payment_method]
    .map((error) => error?.message)
    .filter((message): message is string => message !== undefined);

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Summary
        </Typography>
        <Stack component="dl" spacing={1} sx={{ m: 0 }}>
          <Detail label="Payment method" value={method.name} />
          <Detail label="Amount" value={formatUsd(selection.amount)} />
          <Detail label="Plan" value={plan.name} />
          <Detail label="Stated return" value={planReturn(plan)} />
          <Detail label="Minimum deposit" value={formatUsd(plan.minAmount)} />
          <Detail label="Maximum deposit" value={formatUsd(plan.maxAmount)} />
        </Stack>
        {selectionErrors.map((message) => (
          <Alert key={message} severity="error" sx={{ mt: 2 }}>
            {message}
          </Alert>
        ))}
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Send {formatUsd(selection.amount)} in {method.name}
        </Typography>
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>
          Network: {WALLET_NETWORKS[method.network]}
        </Typography>
        <ReceivingAddress address={method.address} />
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Proof of payment
        </Typography>
        <Stack spacing={2}>
          <Controller
            control={form.control}
            name="payment_proof"
            render={({ field, fieldState: { error } }) => (
              <ProofDropZone
                file={field.value}
                error={error?.message}
                disabled={deposit.isPending}
                onChange={(file, refusal) => {
                  field.onChange(file);
                  if (refusal) form.setError('payment_proof', { type: 'refused', message: refusal });
                  else form.clearErrors('payment_proof');
                }}
              />
            )}
          />
          <TextField
            label="Transaction hash"
            {...transactionHash}
            helperText={transactionHash.helperText ?? "Optional: the transfer's id on the network"}
            slotProps={{ htmlInput: { maxLength: 200, spellCheck: false, autoComplete: 'off' } }}
          />
          {(deposit.isPending || progress > 0) && (
            <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
          )}
          <Button
            variant="contained"
            size="large"
            onClick={submit}
            disabled={deposit.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            {deposit.isPending ? 'Processing...' : 'Complete Payment'}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

function SelectedTerms({ selection }: { selection: DepositSelection }) {
  const plans = usePlans();
  const methods = usePaymentMethods();
  if (plans.isPending || methods.isPending) return <Typography>Loading...</Typography>;
  if (plans.isError || methods.isError) {
    return <Alert severity="error">{FETCH_ERROR_TEXT}</Alert>;
  }
  const plan = plans.data.find((candidate) => candidate.id === selection.planId);
  const method = methods.data.find((candidate) => candidate.id === selection.paymentMethodId);
  if (!plan || !method) {
    return (
      <Alert severity="warning">
        This plan or payment method is no longer offered.{' '}
        <Link href={paths.dashboard.deposit.path}>Choose again</Link>.
      </Alert>
    );
  }
  return <PaymentForm selection={selection} plan={plan} method={method} />;
}

/** The payment confirmation: where to send the money, and the proof that it was sent. */
export function DepositDetails() {
  const location = useLocation();
  const parsed = depositSelection.safeParse(location.state);
  // Reached without the plans page's choice (typed in, or the state was lost): start again from the plans.
  if (!parsed.success) return <Navigate to={paths.dashboard.deposit.path} replace />;
  return (
    <Stack spacing={3}>
      <Link
        href={paths.dashboard.deposit.path}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden />
        Back to Financial Service
      </Link>
      <Typography variant="h4" component="h1">
        Payment confirmation
      </Typography>
      <SelectedTerms selection={parsed.data} />
    </Stack>
  );
}
