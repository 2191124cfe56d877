import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export const OPEN_ACCOUNT_PATH = '/applyandinvest/saving/';

export interface CasaRequiredDialogProps {
  open: boolean;
  /** "Later" and closing. */
  onClose: () => void;
  /** "Open an account"; default goes to the savings landing page. */
  onOpenAccount?: () => void;
}

/** Spec section 6: credit-card-only users opening a feature that needs a savings/current account. */
export function CasaRequiredDialog({ open, onClose, onOpenAccount }: CasaRequiredDialogProps) {
  const { t } = useTranslation('errors');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="casa-required-title"
      data-testid="casa-required-dialog"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="casa-required-title">{t('casaRequired.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('casaRequired.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="secondary" onClick={onClose}>
          {t('casaRequired.later')}
        </Button>
        <Button
          variant="contained"
          onClick={() => {
            onClose();
            if (onOpenAccount) onOpenAccount();
            else globalThis.location?.assign(OPEN_ACCOUNT_PATH);
          }}
        >
          {t('casaRequired.openAccount')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
