import { zodResolver } from '@hookform/resolvers/zod';
import {
  approvalMessages,
  createPaymentMethodRequest,
  isProposalResponse,
  WALLET_NETWORKS,
  type WalletNetwork,
} from '@ledgerstone/contracts';
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

import {
  useCreatePaymentMethod,
  useUpdatePaymentMethod,
  type PaymentMethod,
  type PaymentMethodChange,
  type PaymentMethodInput,
} from '../api/payment-methods.js';
import { serverMessage, useToasts } from '../../../lib/toasts.js';
import { fieldError, optionalNumber, showServerFieldErrors, textField } from './form-fields.js';

const NETWORKS = Object.keys(WALLET_NETWORKS) as WalletNetwork[];
const FIELDS = ['name', 'network', 'address', 'displayOrder', 'active'] as const;

function inputOf(method: PaymentMethod | undefined): PaymentMethodInput {
  if (!method) return { name: '', network: 'bitcoin', address: '', displayOrder: undefined };
  const { name, network, address, displayOrder, active } = method;
  return { name, network, address, displayOrder, active };
}

function changesOf(input: PaymentMethodInput, method: PaymentMethod): PaymentMethodChange {
  const next = createPaymentMethodRequest.parse(input);
  // A method stored before a rule that now refuses it (an address no one owns) is compared as it is stored.
  const stored = createPaymentMethodRequest.safeParse(inputOf(method));
  const current = stored.success ? stored.data : { ...inputOf(method), active: method.active };
  const change: PaymentMethodChange = {};
  for (const key of FIELDS) {
    if (next[key] !== current[key]) Object.assign(change, { [key]: input[key] });
  }
  return change;
}

type PaymentMethodFormDialogProps = { open: boolean; method?: PaymentMethod; onClose: () => void };

/** Create a payment method, or change one. Mount it per method: the form starts from the method. */
export function PaymentMethodFormDialog({ open, method, onClose }: PaymentMethodFormDialogProps) {
  const titleId = useId();
  const form = useForm({ resolver: zodResolver(createPaymentMethodRequest), defaultValues: inputOf(method) });
  const createMethod = useCreatePaymentMethod();
  const updateMethod = useUpdatePaymentMethod();
  const toasts = useToasts();
  const pending = createMethod.isPending || updateMethod.isPending;

  const onError = (error: unknown) => {
    showServerFieldErrors(form, error, FIELDS);
    toasts.error(serverMessage(error, 'Failed to save the payment method'));
  };

  const submit = form.handleSubmit(() => {
    const input = form.getValues();
    if (!method) {
      const { active: _default, ...created } = input;
      createMethod.mutate(created, {
        onSuccess: (saved) => {
          toasts.success(
            isProposalResponse(saved)
              ? approvalMessages.sentForApproval
              : `Payment method ${saved.name} created`,
          );
          onClose();
        },
        onError,
      });
      return;
    }
    const change = changesOf(input, method);
    if (Object.keys(change).length === 0) {
      onClose();
      return;
    }
    updateMethod.mutate(
      { id: method.id, data: change },
      {
        onSuccess: (saved) => {
          toasts.success(
            isProposalResponse(saved)
              ? approvalMessages.sentForApproval
              : `Payment method ${saved.name} updated`,
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
        <DialogTitle id={titleId}>{method ? `Edit ${method.name}` : 'Create Payment Method'}</DialogTitle>
        <DialogContent>
          <Grid container spacing={2} sx={{ pt: 1 }}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField label="Name" required fullWidth {...textField(form, 'name')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="network"
                render={({ field: { ref, ...field } }) => (
                  <TextField
                    {...field}
                    inputRef={ref}
                    select
                    label="Network"
                    required
                    fullWidth
                    {...fieldError(form, 'network')}
                  >
                    {NETWORKS.map((network) => (
                      <MenuItem key={network} value={network}>
                        {WALLET_NETWORKS[network]}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                label="Receiving address"
                required
                fullWidth
                slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
                {...textField(form, 'address')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                label="Display order"
                type="number"
                fullWidth
                {...textField(form, 'displayOrder', optionalNumber)}
                helperText={
                  fieldError(form, 'displayOrder').helperText ?? (method ? undefined : 'Empty: last')
                }
              />
            </Grid>
            {method && (
              <Grid size={{ xs: 12, sm: 6 }}>
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
            {pending ? 'Saving...' : method ? 'Save Payment Method' : 'Create Payment Method'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
