import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FAVOURITE_NAME_MAX } from '@/shared/flows';

/** A favourite's name, as saved from a receipt or changed later: its message, or how much room is left. */
export function FavouriteNameField(p: { value: string; error?: string; onChange(value: string): void }) {
  const { t } = useTranslation('engine');
  return (
    <TextField
      autoFocus
      fullWidth
      name="favouriteName"
      label={t('favourites.name')}
      value={p.value}
      onChange={(e) => p.onChange(e.target.value)}
      error={!!p.error}
      helperText={p.error ?? t('favourites.nameHelp', { count: FAVOURITE_NAME_MAX - p.value.length })}
      slotProps={{ htmlInput: { maxLength: FAVOURITE_NAME_MAX } }}
    />
  );
}
