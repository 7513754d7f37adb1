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
import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountMessages,
  amountTextSchema,
  depositRequest,
  formatUsd,
  type PaymentMethodResponse,
  type PlanKind,
  type PlanResponse,
} from '@ledgerstone/contracts';
import { useMemo, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';

import { paths } from '../../../config/paths.js';
import { FETCH_ERROR_TEXT } from '../../../components/ui/status-text.js';
import { usePaymentMethods } from '../../../api/payment-methods.js';
import { usePlans } from '../api/get-plans.js';
import { useToasts } from '../../../lib/toasts.js';
import { planReturn, toCents, type DepositSelection } from './deposit-terms.js';

const MISSING_CHOICE = 'Please select a plan, a payment method, and enter an amount.';

type DepositChoice = { plan: string; payment_method: string; amount: string };
const noChoice: DepositChoice = { plan: '', payment_method: '', amount: '' };

/** Why the chosen plan does not take this amount: it is zero, or outside the plan's range. */
function amountRefusal(amount: string, plan: PlanResponse | undefined): string | undefined {
  const cents = toCents(amount);
  if (cents === 0n) return accountMessages.invalidAmount;
  if (cents === undefined || !plan) return undefined;
  const min = toCents(plan.minAmount);
  const max = toCents(plan.maxAmount);
  if (min === undefined || max === undefined || cents < min || cents > max) {
    return accountMessages.amountOutOfRange(formatUsd(plan.minAmount), formatUsd(plan.maxAmount), plan.name);
  }
  return undefined;
}

/**
 * The plan, method and amount as the deposit request takes them, checked only once all three are given: until
 * then one message for the form. The amount must then also suit the chosen plan.
 */
function depositChoice(plans: readonly PlanResponse[]) {
  return z
    .object({ plan: z.string(), payment_method: z.string(), amount: z.string() })
    .refine((choice) => choice.plan !== '' && choice.payment_method !== '' && choice.amount.trim() !== '', {
      path: ['root'],
      message: MISSING_CHOICE,
    })
    .pipe(
      depositRequest
        .pick({ plan: true, payment_method: true })
        .extend({ amount: amountTextSchema })
        .superRefine((choice, ctx) => {
          const plan = plans.find((candidate) => candidate.id === choice.plan);
          const message = amountRefusal(choice.amount, plan);
          if (message) ctx.addIssue({ code: 'custom', path: ['amount'], message });
        }),
    );
}

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
  if (failed) return <Alert severity="error">{FETCH_ERROR_TEXT}</Alert>;
  if (empty) return <Typography>{empty}</Typography>;
  return null;
}

/** Choose a plan, an amount and a payment method, then go on to the payment confirmation. */
export function DepositPlans({ kind, title }: { kind: PlanKind; title: string }) {
  const plans = usePlans(kind);
  const methods = usePaymentMethods();
  const toasts = useToasts();
  const navigate = useNavigate();
  const schema = useMemo(() => depositChoice(plans.data ?? []), [plans.data]);
  // Errors change only when the member proceeds, and focus stays on the button: the amount's are toasts.
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: noChoice,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [planId, methodId] = useWatch({ control: form.control, name: ['plan', 'payment_method'] });
  const { ref: amountRef, ...amountField } = form.register('amount');

  const selectPlan = (chosen: PlanResponse) => {
    form.setValue('plan', chosen.id);
    toasts.success(`${chosen.name} is selected`);
  };
  const selectMethod = (chosen: PaymentMethodResponse) => {
    form.setValue('payment_method', chosen.id);
    toasts.success(`${chosen.name} is selected`);
  };

  const refuse = (errors: FieldErrors<DepositChoice>) => {
    if (errors.root) return;
    const message = errors.amount?.message ?? errors.plan?.message ?? errors.payment_method?.message;
    if (message) toasts.error(message);
  };

  const proceed = form.handleSubmit((choice) => {
    const selection: DepositSelection = {
      planId: choice.plan,
      paymentMethodId: choice.payment_method,
      amount: choice.amount,
    };
    void navigate(paths.dashboard.depositDetails.path, { state: selection });
  }, refuse);
  const missingChoice = form.formState.errors.root?.message;

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
                selected={planId === candidate.id}
                onSelect={() => selectPlan(candidate)}
              />
            </Grid>
          ))}
        </Grid>
      </section>

      <TextField
        label="Amount"
        {...amountField}
        inputRef={amountRef}
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
                selected={methodId === candidate.id}
                onSelect={() => selectMethod(candidate)}
              />
            </Grid>
          ))}
        </Grid>
      </section>

      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Tax and fees are already included in the minimum investment.
      </Typography>
      {missingChoice && (
        <Alert severity="error" role="alert">
          {missingChoice}
        </Alert>
      )}
      <Button variant="contained" size="large" onClick={proceed} sx={{ alignSelf: 'flex-start' }}>
        Proceed to Payment
      </Button>
    </Stack>
  );
}
