import { zodResolver } from '@hookform/resolvers/zod';
import { approvalMessages, createPlanRequest, isProposalResponse, planKinds } from '@ledgerstone/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';

import { useCreatePlan, useUpdatePlan, type Plan, type PlanChange, type PlanInput } from '../api/plans.js';
import { serverMessage, useToasts } from '../../../lib/toasts.js';
import { fieldError, optionalNumber, showServerFieldErrors, textField } from './form-fields.js';

export const PLAN_KIND_LABELS = { crypto: 'Crypto', real_estate: 'Real estate' } as const;

const FIELDS = ['kind', 'name', 'percentage', 'termDays', 'minAmount', 'maxAmount', 'active'] as const;
const CHANGEABLE = ['name', 'percentage', 'termDays', 'minAmount', 'maxAmount', 'active'] as const;

function inputOf(plan: Plan | undefined): PlanInput {
  if (!plan)
    return { kind: 'crypto', name: '', percentage: '', termDays: Number.NaN, minAmount: '', maxAmount: '' };
  const { kind, name, percentage, termDays, minAmount, maxAmount, active } = plan;
  return { kind, name, percentage, termDays, minAmount, maxAmount, active };
}

/** The terms that differ once both sides are parsed ("1000" and "1000.00" are the same amount). */
function changesOf(input: PlanInput, plan: Plan): PlanChange {
  const next = createPlanRequest.parse(input);
  const current = createPlanRequest.parse(inputOf(plan));
  const change: PlanChange = {};
  for (const key of CHANGEABLE) {
    if (next[key] !== current[key]) Object.assign(change, { [key]: input[key] });
  }
  return change;
}

type PlanFormDialogProps = { open: boolean; plan?: Plan; onClose: () => void };

/** Create a plan, or change one (its kind stays). Mount it per plan: the form starts from the plan. */
export function PlanFormDialog({ open, plan, onClose }: PlanFormDialogProps) {
  const titleId = useId();
  const form = useForm({ resolver: zodResolver(createPlanRequest), defaultValues: inputOf(plan) });
  const createPlan = useCreatePlan();
  const updatePlan = useUpdatePlan();
  const toasts = useToasts();
  const pending = createPlan.isPending || updatePlan.isPending;

  const onError = (error: unknown) => {
    showServerFieldErrors(form, error, FIELDS);
    toasts.error(serverMessage(error, 'Failed to save the plan'));
  };

  // The schema parses amounts to cents; the API takes the same text the form holds.
  const submit = form.handleSubmit(() => {
    const input = form.getValues();
    if (!plan) {
      const { active: _default, ...created } = input;
      createPlan.mutate(created, {
        onSuccess: (saved) => {
          toasts.success(
            isProposalResponse(saved) ? approvalMessages.sentForApproval : `Plan ${saved.name} created`,
          );
          onClose();
        },
        onError,
      });
      return;
    }
    const change = changesOf(input, plan);
    if (Object.keys(change).length === 0) {
      onClose();
      return;
    }
    updatePlan.mutate(
      { id: plan.id, data: change },
      {
        onSuccess: (saved) => {
          toasts.success(
            isProposalResponse(saved) ? approvalMessages.sentForApproval : `Plan ${saved.name} updated`,
          );
          onClose();
        },
        onError,
      },
    );
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate aria-labelledby={titleId} onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{plan ? `Edit plan ${plan.name}` : 'Create Plan'}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="kind"
                render={({ field: { ref, ...field } }) => (
                  <TextField
                    {...field}
                    inputRef={ref}
                    select
                    label="Kind"
                    fullWidth
                    disabled={Boolean(plan)}
                    {...fieldError(form, 'kind')}
                  >
                    {planKinds.map((kind) => (
                      <MenuItem key={kind} value={kind}>
                        {PLAN_KIND_LABELS[kind]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label="Name" required fullWidth {...textField(form, 'name')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label="Percentage"
                required
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                {...textField(form, 'percentage')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label="Term in days"
                type="number"
                required
                fullWidth
                {...textField(form, 'termDays', optionalNumber)}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label="Minimum deposit"
                required
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                {...textField(form, 'minAmount')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label="Maximum deposit"
                required
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                {...textField(form, 'maxAmount')}
              />
            </Grid>
            {plan && (
              <Grid size={12}>
                <Controller
                  control={form.control}
                  name="active"
                  render={({ field: { value, onChange, onBlur, name } }) => (
                    <FormControlLabel
                      label="Active"
                      control={
                        <Switch
                          name={name}
                          checked={Boolean(value)}
                          onBlur={onBlur}
                          onChange={(_, on) => onChange(on)}
                        />
                      }
                    />
                  )}
                />
              </Grid>
            )}
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? 'Saving...' : plan ? 'Save Plan' : 'Create Plan'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
