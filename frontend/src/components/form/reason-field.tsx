import TextField from '@mui/material/TextField';
import type { UseFormRegisterReturn } from 'react-hook-form';

type ReasonFieldProps = UseFormRegisterReturn & {
  /** What the reason is for, shown under the field until there is an error to show. */
  hint: string;
  error?: string;
  minRows?: number;
};

/** The required reason of a dialog that records one with its decision (a rejection, an approval, an unlock). */
export function ReasonField({ hint, error, minRows = 3, ...registration }: ReasonFieldProps) {
  return (
    <TextField
      label="Reason"
      required
      fullWidth
      multiline
      minRows={minRows}
      autoFocus
      error={Boolean(error)}
      helperText={error ?? hint}
      {...registration}
    />
  );
}
