import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { errorText, type ChoiceFieldProps, type Option } from './choice-field';

// Matches the label and the code (a bank's "014", a PDAM's code) anywhere, whatever the case.
const filterOptions = createFilterOptions<Option>({ stringify: (o) => `${o.label} ${o.value}` });

/**
 * A choice searched by typing (MUI Autocomplete: a combobox with a listbox, announced by screen
 * readers, full width on a phone). Looks like the engine's select: label above, same help and error.
 */
export default function ChoiceSearch(props: ChoiceFieldProps) {
  const { t } = useTranslation('engine');
  const w = props.widget;
  const disabled = w.disabled || w.readonly || !!props.disabled;
  const selected = props.options.find((o) => o.value === props.value) ?? null;
  return (
    <Autocomplete
      id={w.id}
      fullWidth
      options={props.options}
      value={selected}
      disabled={disabled}
      filterOptions={filterOptions}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      noOptionsText={t('inquiry.noMatch')}
      onChange={(_e, o) => props.onPick(o?.value ?? '')}
      onBlur={() => w.onBlur(w.id, w.value)}
      renderOption={(liProps, o) => (
        <li {...liProps} key={o.value}>
          {o.label}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={w.id}
          label={w.label}
          required={w.required}
          error={!!errorText(w)}
          helperText={props.helperText}
          placeholder={selected ? undefined : t('inquiry.search')}
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps?.inputLabel, shrink: true },
            formHelperText: disabled ? { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } : undefined,
          }}
        />
      )}
    />
  );
}
