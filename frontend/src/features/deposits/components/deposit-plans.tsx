import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatUsd,
  type PaymentMethodResponse,
  type PlanKind,
  type PlanResponse,
} from '@ledgerstone/contracts';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

import { paths } from '../../../config/paths.js';
import { usePaymentMethods } from '../../../api/payment-methods.js';
import { usePlans } from '../api/get-plans.js';
import { useToasts } from '../../../lib/toasts.js';
import { planReturn, toCents, type DepositSelection } from './deposit-terms.js';

const MISSING_CHOICE = 'Please select a plan, a payment method, and enter an amount.';
const INVALID_AMOUNT = 'Please enter a valid amount.';
const FETCH_ERROR = 'An error occurred while fetching the data.';

function ChoiceCard({
  selected,
  onSelect,
  children,
}: {
  selected: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        borderWidth: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? 'rgba(212, 175, 90, 0.08)' : undefined,
      }}
    >
      <CardActionArea aria-pressed={selected} onClick={onSelect} sx={{ height: '100%', p: 2 }}>
        {children}
      </CardActionArea>
    </Card>
  );
}

function PlanCard({
  plan,
  selected,
  onSelect,
}: {
  plan: PlanResponse;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <ChoiceCard selected={selected} onSelect={onSelect}>
      <Typography variant="h6" component="span" sx={{ display: 'block' }}>
        {plan.name}
      </Typography>
      <Typography component="span" sx={{ display: 'block', color: 'primary.light', fontWeight: 600 }}>
        {planReturn(plan)}
      </Typography>
      <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        Min: {formatUsd(plan.minAmount)}
      </Typography>
      <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        Max: {formatUsd(plan.maxAmount)}
      </Typography>
    </ChoiceCard>
  );
}

function MethodCard({
  method,
  selected,
  onSelect,
}: {
  method: PaymentMethodResponse;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <ChoiceCard selected={selected} onSelect={onSelect}>
      <Typography component="span" sx={{ display: 'block', fontWeight: 600, textAlign: 'center' }}>
        {method.name}
      </Typography>
    </ChoiceCard>
  );
}

function ListState({ loading, failed, empty }: { loading: boolean; failed: boolean; empty: string | false }) {
  if (loading) return <Typography>Loading...</Typography>;
  if (failed) return <Alert severity="error">{FETCH_ERROR}</Alert>;
  if (empty) return <Typography>{empty}</Typography>;
  return null;
}

/** Choose a plan, an amount and a payment method, then go on to the payment confirmation. */
export function DepositPlans({ kind, title }: { kind: PlanKind; title: string }) {
  const plans = usePlans(kind);
  const methods = usePaymentMethods();
  const toasts = useToasts();
  const navigate = useNavigate();
  const [plan, setPlan] = useState<PlanResponse>();
  const [method, setMethod] = useState<PaymentMethodResponse>();
  const [amount, setAmount] = useState('');
  const [choiceMissing, setChoiceMissing] = useState(false);

  const selectPlan = (chosen: PlanResponse) => {
    setPlan(chosen);
    toasts.success(`${chosen.name} is selected`);
  };
  const selectMethod = (chosen: PaymentMethodResponse) => {
    setMethod(chosen);
    toasts.success(`${chosen.name} is selected`);
  };

  const proceed = () => {
    const entered = amount.trim();
    if (!plan || !method || entered === '') {
      setChoiceMissing(true);
      return;
    }
    setChoiceMissing(false);
    const cents = toCents(entered);
    if (cents === undefined || cents === 0n) {
      toasts.error(INVALID_AMOUNT);
      return;
    }
    const min = toCents(plan.minAmount);
    const max = toCents(plan.maxAmount);
    if (min === undefined || max === undefined || cents < min || cents > max) {
      toasts.error(
        `Please enter an amount between ${formatUsd(plan.minAmount)} and ${formatUsd(plan.maxAmount)} for the ${plan.name} plan.`,
      );
      return;
    }
    const selection: DepositSelection = { planId: plan.id, paymentMethodId: method.id, amount: entered };
    void navigate(paths.dashboard.depositDetails.path, { state: selection });
  };

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
        {title}
      </Typography>

      <section aria-labelledby="deposit-plans-heading">
        <Typography id="deposit-plans-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Choose a plan
        </Typography>
        <ListState
          loading={plans.isPending}
          failed={plans.isError}
          empty={plans.data?.length === 0 && 'No plans are available right now.'}
        />
        <Grid container spacing={2}>
          {plans.data?.map((candidate) => (
            <Grid key={candidate.id} size={{ xs: 12, sm: 6, md: 3 }}>
              <PlanCard
                plan={candidate}
                selected={plan?.id === candidate.id}
                onSelect={() => selectPlan(candidate)}
              />
            </Grid>
          ))}
        </Grid>
      </section>

      <TextField
        label="Amount"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        sx={{ maxWidth: { sm: 360 } }}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
        }}
      />

      <section aria-labelledby="deposit-methods-heading">
        <Typography id="deposit-methods-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Choose a payment method
        </Typography>
        <ListState
          loading={methods.isPending}
          failed={methods.isError}
          empty={methods.data?.length === 0 && 'No payment methods are available right now.'}
        />
        <Grid container spacing={2}>
          {methods.data?.map((candidate) => (
            <Grid key={candidate.id} size={{ xs: 6, sm: 4, md: 2 }}>
              <MethodCard
                method={candidate}
                selected={method?.id === candidate.id}
                onSelect={() => selectMethod(candidate)}
              />
            </Grid>
          ))}
        </Grid>
      </section>

      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Tax and fees are already included in the minimum investment.
      </Typography>
      {choiceMissing && (
        <Alert severity="error" role="alert">
          {MISSING_CHOICE}
        </Alert>
      )}
      <Button variant="contained" size="large" onClick={proceed} sx={{ alignSelf: 'flex-start' }}>
        Proceed to Payment
      </Button>
    </Stack>
  );
}
