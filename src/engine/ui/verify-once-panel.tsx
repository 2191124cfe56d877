import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';

/** What the page's one verification needs to show: the OTP sent, or the approval's match number. */
export type OnceVerification =
  | { method: 'otp'; otp: { maskedPhone: string; refNumber: string } }
  | { method: 'approval'; matchNumber?: number | string };

export interface VerifyOnceLabels {
  heading: string;
  sentTo: (phone: string, ref: string) => string;
  code: string;
  confirm: string;
  waiting: string;
  rejected: string;
  expired: string;
  cancel: string;
  /** With onResend: the button's text and what is said once sent. */
  resend?: string;
  resent?: string;
}

/**
 * The one verification of several transactions at once (the cart, a mass transfer / payment /
 * purchase): the OTP's code or the approval waiting in the companion app, and Cancel. `testId`
 * prefixes the test ids (cart-otp, batch-confirm ...).
 */
export function VerifyOncePanel(p: {
  verification: OnceVerification;
  busy: boolean;
  code: string;
  setCode: (c: string) => void;
  approval: 'waiting' | 'rejected' | 'expired';
  onConfirm: () => void;
  onCancel: () => void;
  labels: VerifyOnceLabels;
  testId: string;
  children?: ReactNode;
  /** Sends the OTP or the approval request again (the panel says when it was sent). */
  onResend?: () => Promise<void>;
}) {
  const [resent, setResent] = useState(false);
  const v = p.verification;
  const L = p.labels;
  return (
    <Card variant="outlined" data-testid={`${p.testId}-verify`}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {L.heading}
        </Typography>
        {p.children}
        {v.method === 'otp' ? (
          <Box component="form" onSubmit={(e) => (e.preventDefault(), p.onConfirm())}>
            <Typography sx={{ mb: 2 }}>{L.sentTo(v.otp.maskedPhone, v.otp.refNumber)}</Typography>
            <TextField
              label={L.code}
              value={p.code}
              onChange={(e) => p.setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `${p.testId}-otp` } }}
              sx={{ mr: 2, mb: 1 }}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={p.busy || p.code.length !== 6}
              data-testid={`${p.testId}-confirm`}
            >
              {L.confirm}
            </Button>
          </Box>
        ) : p.approval === 'waiting' ? (
          <Box
            sx={{ display: 'flex', gap: 2, alignItems: 'center' }}
            data-testid={`${p.testId}-approval-waiting`}
          >
            <CircularProgress size={20} aria-hidden />
            <Typography>{L.waiting}</Typography>
            <Typography
              variant="h5"
              component="span"
              sx={{ fontWeight: 700 }}
              data-testid={`${p.testId}-match-number`}
            >
              {v.matchNumber}
            </Typography>
          </Box>
        ) : (
          <Alert severity="warning">{p.approval === 'rejected' ? L.rejected : L.expired}</Alert>
        )}
        <Box sx={{ mt: 2, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {p.onResend && p.approval === 'waiting' && (
            <Button
              onClick={() => void p.onResend!().then(() => setResent(true))}
              disabled={p.busy}
              data-testid={`${p.testId}-resend`}
            >
              {L.resend}
            </Button>
          )}
          <Button onClick={p.onCancel} disabled={p.busy}>
            {L.cancel}
          </Button>
          {resent && (
            <Typography variant="body2" color="text.secondary" role="status">
              {L.resent}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
