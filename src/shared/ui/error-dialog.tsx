import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ErrorAction, ErrorView } from '../api/error-catalogue';
import { CONTACT_CENTRE } from '../constants';

export interface ErrorDialogProps {
  /** null: closed. */
  view: ErrorView | null;
  onClose: () => void;
  /** The main button, for views with an action (reload, login, openAccount, ...). */
  onAction?: (action: ErrorAction) => void;
}

/** One dialog for every catalogue entry: title, message, the small code line, and its buttons. */
export function ErrorDialog({ view, onClose, onAction }: ErrorDialogProps) {
  const { t } = useTranslation('errors');
  const open = view !== null && view.kind !== 'none';
  const action = view?.action && view.action !== 'close' ? view.action : undefined;
  const label = (a: ErrorAction | 'ok') =>
    (t as unknown as (k: string, o?: object) => string)(`actions.${a}`, { centre: CONTACT_CENTRE });
  return (
    <Dialog
      open={open}
      onClose={action === 'login' ? undefined : onClose}
      aria-labelledby="error-dialog-title"
      data-testid="error-dialog"
      maxWidth="xs"
      fullWidth
    >
      {view && (
        <>
          <DialogTitle id="error-dialog-title">{view.title}</DialogTitle>
          <DialogContent>
            <DialogContentText data-testid="error-dialog-message">{view.message}</DialogContentText>
            {view.code && (
              <Typography
                variant="caption"
                color="text.secondary"
                component="p"
                sx={{ mt: 2 }}
                data-testid="error-dialog-code"
              >
                {view.code}
              </Typography>
            )}
          </DialogContent>
          <DialogActions>
            {action && action !== 'login' && (
              <Button onClick={onClose} color="secondary">
                {label('close')}
              </Button>
            )}
            {action ? (
              <Button variant="contained" onClick={() => onAction?.(action)} autoFocus>
                {label(action)}
              </Button>
            ) : (
              <Button variant="contained" onClick={onClose} autoFocus>
                {label('ok')}
              </Button>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
