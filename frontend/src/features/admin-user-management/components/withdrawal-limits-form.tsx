import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountMessages,
  approvalMessages,
  isProposalResponse,
  setWithdrawalLimitsRequest,
  type WithdrawalProtection,
} from '@ledgerstone/contracts';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { ApiError } from '../../../lib/api-client.js';
import { useToasts } from '../../../lib/toasts.js';
import { useSetWithdrawalLimits } from '../api/set-withdrawal-limits.js';

/** The server's rule, checked first here: both above zero, the daily one no higher than the 30-day one. */
const limitsForm = setWithdrawalLimitsRequest.superRefine((values, ctx) => {
  const daily = Number(values.daily);
  const thirtyDays = Number(values.thirty_days);
  if (daily <= 0 || thirtyDays <= 0 || daily > thirtyDays) {
    ctx.addIssue({ code: 'custom', path: ['daily'], message: accountMessages.invalidLimits });
  }
});

const FIELDS = ['daily', 'thirty_days', 'reason'] as const;

/** An admin sets the member's own limits, filled in with the ones that apply now. */
export function WithdrawalLimitsForm({
  userId,
  limits,
}: {
  userId: string;
  limits: WithdrawalProtection['limits'];
}) {
  const headingId = useId();
  const form = useForm({
    resolver: zodResolver(limitsForm),
    defaultValues: { daily: limits.daily.limit, thirty_days: limits.thirty_days.limit, reason: '' },
  });
  const save = useSetWithdrawalLimits(userId);
  const toasts = useToasts();
  const { errors } = form.formState;
  const field = (name: (typeof FIELDS)[number]) => {
    const { ref, ...registration } = form.register(name);
    const message = errors[name]?.message;
    return { ...registration, inputRef: ref, error: message !== undefined, helperText: message };
  };

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (answer) => {
        if (isProposalResponse(answer)) {
          // Nothing changed yet: the fields show the limits that apply until a second admin approves.
          toasts.success(approvalMessages.sentForApproval);
          form.reset();
          return;
        }
        toasts.success(answer.message);
        form.reset({ daily: values.daily, thirty_days: values.thirty_days, reason: '' });
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const name of FIELDS) {
            const message = error.fieldErrors[name];
            if (message !== undefined) form.setError(name, { type: 'server', message });
          }
        }
        toasts.failure(error, 'Failed to save the withdrawal limits');
      },
    }),
  );

  const reason = field('reason');
  return (
    <form aria-labelledby={headingId} noValidate onSubmit={(event) => void submit(event)}>
      <Typography id={headingId} variant="subtitle1" component="h4" sx={{ mb: 1.5 }}>
        Set this member&apos;s own limits
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="Daily limit (24 hours)" inputMode="decimal" fullWidth {...field('daily')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label="30-day limit" inputMode="decimal" fullWidth {...field('thirty_days')} />
        </Grid>
        <Grid size={12}>
          <TextField
            label="Why these limits"
            required
            fullWidth
            multiline
            minRows={2}
            {...reason}
            helperText={reason.helperText ?? '3 to 500 characters, kept in the account history'}
          />
        </Grid>
        <Grid size={12}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save limits'}
          </Button>
        </Grid>
      </Grid>
    </form>
  );
}
