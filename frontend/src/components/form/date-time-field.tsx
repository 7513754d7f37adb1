import TextField, { type TextFieldProps } from '@mui/material/TextField';

type DateTimeFieldProps = {
  label: string;
  /** The field's own value: a local date and time to the minute ("2026-11-20T15:30"), or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** Shown in place of the hint, and marks the field invalid. */
  error?: string | undefined;
  hint?: string;
  sx?: TextFieldProps['sx'];
};

/** A small datetime-local field in the browser's time zone, its label always above the placeholder. */
export function DateTimeField({ label, value, onChange, error, hint, sx }: DateTimeFieldProps) {
  return (
    <TextField
      size="small"
      type="datetime-local"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error ?? hint}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={sx}
    />
  );
}
