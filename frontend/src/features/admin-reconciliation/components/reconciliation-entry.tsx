import type { ReconciliationList } from '@ledgerstone/contracts';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent, type FormEvent } from 'react';

import { DateTimeField } from '../../../components/form/date-time-field.js';
import { ApiError } from '../../../lib/api-client.js';
import { fromLocalInputValue, toLocalInputValue } from '../../../lib/date-time.js';
import { newIdempotencyKey } from '../../../lib/idempotency-key.js';
import { serverMessage, useToasts } from '../../../lib/toasts.js';
import { useRecordReconciliation, type HeldBalances } from '../api/record-reconciliation.js';

const AMOUNT = /^\d+(\.\d{1,2})?$/;
const CSV_MAX_BYTES = 100_000;

type Method = ReconciliationList['payment_methods'][number];

/** A chosen file's text (FileReader, which every browser and jsdom have). */
function textOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/**
 * The balances operations found held per payment method at a cutoff, typed in or as a CSV
 * (`payment_method,amount`, one row per method): recorded and compared with the journal at once.
 */
export function ReconciliationEntry({ methods }: { methods: Method[] }) {
  const toasts = useToasts();
  const record = useRecordReconciliation();
  const [cutoff, setCutoff] = useState(() => toLocalInputValue(new Date().toISOString()));
  const [held, setHeld] = useState<Record<string, string>>({});
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  // One key per set of figures: a retry of the same entry records it once.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const serverErrors = record.error instanceof ApiError ? record.error : undefined;
  const errorOf = (field: string) => localErrors[field] ?? serverErrors?.fieldErrors[field];
  const csvErrors = serverErrors?.fieldErrorLists.csv ?? [];

  const changed = (update: () => void) => {
    update();
    record.reset();
    setIdempotencyKey(newIdempotencyKey());
  };

  const send = (request: HeldBalances) =>
    record.mutate(request, {
      onSuccess: (answer) => {
        toasts.success(answer.message);
        setHeld({});
        setIdempotencyKey(newIdempotencyKey());
      },
    });

  const cutoffOrError = (): string | undefined => {
    const moment = fromLocalInputValue(cutoff);
    if (moment === undefined) setLocalErrors({ cutoff: 'Enter the date and time the balances were read' });
    return moment;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    for (const method of methods) {
      if (!AMOUNT.test((held[method.id] ?? '').trim())) {
        errors[`held.${method.id}`] = 'Enter the balance held: 0 or more, at most two decimals';
      }
    }
    const moment = cutoffOrError();
    if (moment === undefined) return;
    setLocalErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const amounts = Object.fromEntries(methods.map((method) => [method.id, held[method.id]!.trim()]));
    send({ kind: 'form', body: { cutoff: moment, held: amounts }, idempotencyKey });
  };

  const importCsv = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setLocalErrors({});
    record.reset();
    const moment = cutoffOrError();
    if (moment === undefined) return;
    if (file.size > CSV_MAX_BYTES) {
      setLocalErrors({ csv: 'The CSV is larger than 100 KB' });
      return;
    }
    send({
      kind: 'csv',
      body: { cutoff: moment, csv: await textOf(file) },
      idempotencyKey: newIdempotencyKey(),
    });
  };

  const refusal =
    record.isError && !serverErrors?.fieldErrors.csv
      ? serverMessage(record.error, 'Could not record the reconciliation')
      : undefined;

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack component="form" aria-label="Held balances" noValidate onSubmit={submit} spacing={2}>
        <Typography variant="h6" component="h2">
          Record held balances
        </Typography>
        <DateTimeField
          label="Cutoff"
          value={cutoff}
          onChange={(value) => changed(() => setCutoff(value))}
          error={errorOf('cutoff')}
          hint="Your local time, when the balances were read; not in the future"
          sx={{ maxWidth: 280 }}
        />
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
          }}
        >
          {methods.map((method) => (
            <TextField
              key={method.id}
              size="small"
              label={`${method.name} held`}
              value={held[method.id] ?? ''}
              onChange={(event) => changed(() => setHeld({ ...held, [method.id]: event.target.value }))}
              error={errorOf(`held.${method.id}`) !== undefined}
              helperText={errorOf(`held.${method.id}`) ?? 'In dollars, e.g. 1500.00'}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          ))}
        </Box>
        {refusal && <Alert severity="error">{refusal}</Alert>}
        {(csvErrors.length > 0 || localErrors.csv) && (
          <Alert severity="error">
            <div>{localErrors.csv ?? record.error?.message}</div>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {csvErrors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </Box>
          </Alert>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" loading={record.isPending}>
            Record reconciliation
          </Button>
          <Button
            component="label"
            variant="outlined"
            startIcon={<UploadFileIcon />}
            disabled={record.isPending}
          >
            Import CSV
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              aria-label="CSV file"
              onChange={(event) => void importCsv(event)}
            />
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          A CSV has a row per payment method, <code>payment_method,amount</code> (by name or id); any bad row
          and nothing is recorded. One reconciliation per day: the first recorded stands.
        </Typography>
      </Stack>
    </Paper>
  );
}
