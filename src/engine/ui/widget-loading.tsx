import TextField from '@mui/material/TextField';

/** A field whose code is still loading: its label and value, inert, at the size it will have. */
export function WidgetLoading(props: { id: string; label: string; value: string; helperText?: string }) {
  return (
    <TextField
      fullWidth
      disabled
      id={props.id}
      label={props.label}
      value={props.value}
      helperText={props.helperText}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
