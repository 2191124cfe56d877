import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmDeleteDialogProps {
  open: boolean;
  /** Ids of the title element and of the dialog/confirm button for tests ("delete-favourite"). */
  id: string;
  title: string;
  message: string;
  cancelLabel: string;
  deleteLabel: string;
  /** While the deletion runs: both buttons off, and the dialog cannot be closed. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** "Delete this?" with Cancel and a red Delete: one dialog for every list that deletes its items. */
export function ConfirmDeleteDialog(p: ConfirmDeleteDialogProps) {
  return (
    <Dialog
      open={p.open}
      onClose={p.busy ? undefined : p.onCancel}
      aria-labelledby={`${p.id}-title`}
      data-testid={`${p.id}-dialog`}
    >
      <DialogTitle id={`${p.id}-title`}>{p.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{p.message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={p.onCancel} disabled={p.busy}>
          {p.cancelLabel}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={p.onConfirm}
          disabled={p.busy}
          data-testid={`${p.id}-confirm`}
        >
          {p.deleteLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
