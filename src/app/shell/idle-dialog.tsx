import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { useTypedTranslation } from '@/shared/i18n/keys';

/** The idle prompt with its countdown; "Yes, I'm still here" keeps the session. */
export function IdleDialog(props: { deadline: number | null; onStay: () => void; onLogout: () => void }) {
  const { t } = useTypedTranslation('shell');
  const { deadline } = props;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [deadline]);
  const seconds = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <Dialog
      open={deadline !== null}
      aria-labelledby="idle-title"
      data-testid="idle-dialog"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="idle-title">{t('idle.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText role="timer" aria-live="polite" data-testid="idle-countdown">
          {t('idle.message', { seconds })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="secondary" onClick={props.onLogout}>
          {t('idle.logout')}
        </Button>
        <Button variant="contained" onClick={props.onStay} autoFocus data-testid="idle-stay">
          {t('idle.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
