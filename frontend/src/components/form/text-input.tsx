import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref } from 'react';

export type TextInputProps = {
  label: string;
  name?: string;
  value?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  readOnly?: boolean;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  endAdornment?: ReactNode;
};

/**
 * An outlined text field as MUI's TextField draws it (the same parts, classes and ids), without its select
 * mode: TextField always loads Select with its menu, popover and modal, which the screens using this never show.
 */
export function TextInput({
  label,
  helperText,
  error,
  required,
  disabled,
  size,
  fullWidth,
  readOnly,
  ...input
}: TextInputProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      error={error}
      required={required}
      disabled={disabled}
      size={size}
      fullWidth={fullWidth}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        aria-describedby={helperTextId}
        fullWidth={fullWidth}
        inputProps={readOnly ? { readOnly } : undefined}
        {...input}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
