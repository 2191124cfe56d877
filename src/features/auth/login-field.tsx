import { useId, type ChangeEvent } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface LoginFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  helperText: string;
  error?: boolean;
  type?: 'text' | 'password';
  autoFocus?: boolean;
  autoComplete?: string;
  maxLength?: number;
  /** The customer's first move in the field (the login page offers passkeys in its autofill then). */
  onPointerDown?: () => void;
  onKeyDown?: () => void;
}

/**
 * The outlined text field of the login page, built from TextField's own parts: MUI's TextField
 * also imports Select (Menu, Popover, ...), which the first page a customer loads never needs.
 */
export function LoginField({ label, name, helperText, error, maxLength, ...input }: LoginFieldProps) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  return (
    <FormControl error={error} variant="outlined" className="MuiTextField-root">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        aria-describedby={helperId}
        inputProps={{ name, maxLength }}
        {...input}
      />
      <FormHelperText id={helperId}>{helperText}</FormHelperText>
    </FormControl>
  );
}
