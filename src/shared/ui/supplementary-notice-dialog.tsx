import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

export interface SupplementaryNoticeDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Spec section 6: supplementary credit card holders are told the feature is unavailable and to visit a branch. */
export function SupplementaryNoticeDialog({ open, onClose }: SupplementaryNoticeDialogProps) {
  const { t } = useTranslation('errors');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="supplementary-title"
      data-testid="supplementary-dialog"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="supplementary-title">{t('supplementary.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('supplementary.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('supplementary.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
