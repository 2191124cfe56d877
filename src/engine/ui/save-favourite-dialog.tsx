import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '@/shared/api/client';
import type { Favourite } from '@/shared/flows';
import { useErrorHandler } from '@/shared/ui';
import { FavouriteNameField } from './favourite-name-field';

export interface SaveFavouriteDialogProps {
  open: boolean;
  /** The name offered (the flow and what tells this one apart). */
  defaultName: string;
  save(name: string): Promise<Favourite>;
  onSaved(favourite: Favourite): void;
  onClose(): void;
}

/**
 * Names a favourite before it is saved: a name already used, or the list being full, is said here in
 * the customer's language (the catalogue's texts), so they can change it without losing the dialog.
 */
export function SaveFavouriteDialog(p: SaveFavouriteDialogProps) {
  const { t } = useTranslation('engine');
  const errors = useErrorHandler();
  const [name, setName] = useState(p.defaultName);
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<{ title: string; message: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setFieldError(t('favourites.nameRequired'));
      return;
    }
    setBusy(true);
    setFieldError(undefined);
    setFailure(undefined);
    try {
      p.onSaved(await p.save(trimmed));
    } catch (err) {
      const view = errors.describe(err);
      if (view.kind === 'session' || view.kind === 'timeout' || view.kind === 'none') errors.showError(err);
      else if (err instanceof ApiFailure && err.errorCode === 'FAVORITE_NAME_TAKEN')
        setFieldError(view.message);
      else setFailure({ title: view.title, message: view.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={p.open}
      onClose={busy ? undefined : p.onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="save-favourite-title"
      data-testid="save-favourite-dialog"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="save-favourite-title">{t('favourites.saveTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('favourites.saveHint')}</DialogContentText>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="save-favourite-error">
              <strong>{failure.title}</strong> {failure.message}
            </Alert>
          )}
          <FavouriteNameField
            value={name}
            error={fieldError}
            onChange={(value) => {
              setName(value);
              setFieldError(undefined);
            }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={p.onClose} disabled={busy}>
            {t('favourites.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="save-favourite-confirm">
            {t('favourites.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
