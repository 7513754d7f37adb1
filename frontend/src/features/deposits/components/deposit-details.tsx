import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatUsd,
  WALLET_NETWORKS,
  type PaymentMethodResponse,
  type PlanResponse,
} from '@ledgerstone/contracts';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { ApiError, type FieldErrors } from '../../../lib/api-client.js';
import { useCreateDeposit } from '../api/create-deposit.js';
import { usePaymentMethods } from '../../../api/payment-methods.js';
import { usePlans } from '../api/get-plans.js';
import { serverMessage, useToasts } from '../../../lib/toasts.js';
import { depositSelection, planReturn, type DepositSelection } from './deposit-terms.js';
import { ProofDropZone } from './proof-drop-zone.js';
import { ReceivingAddress } from './receiving-address.js';

const MISSING_PROOF = 'Please upload proof of payment before completing the payment.';

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
  const [proof, setProof] = useState<File>();
  const [proofError, setProofError] = useState<string>();
  const [transactionHash, setTransactionHash] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const deposit = useCreateDeposit({ idempotencyKey, onProgress: setProgress });

  const chooseProof = (file: File | undefined, error?: string) => {
    setProof(file);
    setProofError(error);
  };

  const complete = () => {
    if (!proof) {
      setProofError(MISSING_PROOF);
      toasts.error(MISSING_PROOF);
      return;
    }
    setFieldErrors({});
    setProgress(0);
    deposit.mutate(
      { planId: plan.id, paymentMethodId: method.id, amount: selection.amount, transactionHash, proof },
      {
        onSuccess: (response) => {
          toasts.success(response.message);
          void navigate(paths.dashboard.path);
        },
        onError: (error) => {
          const errors = error instanceof ApiError ? error.fieldErrors : {};
          setFieldErrors(errors);
          if (errors.payment_proof) setProofError(errors.payment_proof);
          toasts.error(serverMessage(error, 'Something went wrong'));
        },
      },
    );
  };

  // Plan, amount and method were chosen on the plans page: their errors are shown here, with the summary.
  const selectionErrors = [fieldErrors.plan, fieldErrors.amount, fieldErrors.payment_method].filter(
    (message): message is string => message !== undefined,
  );

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
          <ProofDropZone
            file={proof}
            error={proofError}
            disabled={deposit.isPending}
            onChange={chooseProof}
          />
          <TextField
            label="Transaction hash"
            value={transactionHash}
            onChange={(event) => setTransactionHash(event.target.value)}
            error={fieldErrors.transaction_hash !== undefined}
            helperText={fieldErrors.transaction_hash ?? "Optional: the transfer's id on the network"}
            slotProps={{ htmlInput: { maxLength: 200, spellCheck: false, autoComplete: 'off' } }}
          />
          {(deposit.isPending || progress > 0) && (
            <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />
          )}
          <Button
            variant="contained"
            size="large"
            onClick={complete}
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
    return <Alert severity="error">An error occurred while fetching the data.</Alert>;
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
