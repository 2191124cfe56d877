import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { errorText } from './choice-field';
import { readQrFrom, readQrFromFile } from './qr-image-reader';

/** How often the camera's picture is looked at for a code. */
const SCAN_EVERY_MS = 250;

type Read = { from: 'camera' | 'picture' } | undefined;

/**
 * A text field a QR code fills (`"ui:widget": "qrCode"`): scanned with the device's camera, read from a
 * picture the customer uploads, or pasted / typed as text. The value is the code's text, whichever way
 * it came; the server reads it as it reads anything typed. A picture with no code the page can read
 * says so here (the one refusal that is the browser's own).
 */
export function QrCodeWidget(props: WidgetProps) {
  const { t } = useTranslation('engine');
  const [camera, setCamera] = useState(false);
  const [busy, setBusy] = useState(false);
  const [read, setRead] = useState<Read>();
  const [unreadable, setUnreadable] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const err = errorText(props);

  const filled = (text: string, from: 'camera' | 'picture') => {
    props.onChange(text);
    setRead({ from });
    setUnreadable(false);
  };
  const upload = async (file: File) => {
    setBusy(true);
    setRead(undefined);
    try {
      const text = await readQrFromFile(file);
      if (text) filled(text, 'picture');
      else setUnreadable(true);
    } catch {
      setUnreadable(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ my: 1 }} data-testid="qr-code-widget">
      <TextField
        fullWidth
        multiline
        minRows={3}
        maxRows={8}
        id={props.id}
        name={props.id}
        label={props.label}
        required={props.required}
        disabled={props.disabled || props.readonly}
        placeholder={props.placeholder || t('inquiry.qrCode.placeholder')}
        value={props.value ?? ''}
        error={!!err}
        onChange={(e) => {
          setRead(undefined);
          setUnreadable(false);
          props.onChange(e.target.value === '' ? undefined : e.target.value);
        }}
        onBlur={() => props.onBlur(props.id, props.value)}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: {
            spellCheck: false,
            autoCapitalize: 'off',
            autoCorrect: 'off',
            'data-testid': 'qr-code-text',
          },
          // A code's text in a fixed-width font, broken anywhere; the hint before it in the page's own.
          input: props.value
            ? { sx: { fontFamily: 'monospace', fontSize: '0.8rem', wordBreak: 'break-all' } }
            : undefined,
        }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1, alignItems: 'center' }}>
        <Button
          variant="outlined"
          onClick={() => setCamera(true)}
          disabled={busy || props.disabled}
          data-testid="qr-code-camera"
          startIcon={<QrCodeScannerIcon />}
        >
          {t('inquiry.qrCode.scan')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => fileInput.current?.click()}
          disabled={busy || props.disabled}
          data-testid="qr-code-upload"
          startIcon={<ImageOutlinedIcon />}
        >
          {t('inquiry.qrCode.upload')}
        </Button>
        {busy && <CircularProgress size={24} aria-label={t('inquiry.qrCode.reading')} />}
      </Box>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        aria-label={t('inquiry.qrCode.upload')}
        data-testid="qr-code-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void upload(f);
        }}
      />
      {read && props.value && (
        <Typography
          variant="body2"
          color="success.main"
          role="status"
          sx={{ mt: 0.5 }}
          data-testid="qr-code-read"
        >
          {t(read.from === 'camera' ? 'inquiry.qrCode.readCamera' : 'inquiry.qrCode.readPicture')}
        </Typography>
      )}
      {unreadable && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="qr-code-unreadable">
          {t('inquiry.qrCode.unreadable')}
        </Alert>
      )}
      {camera && (
        <ScanDialog
          onClose={() => setCamera(false)}
          onCode={(text) => {
            setCamera(false);
            filled(text, 'camera');
          }}
        />
      )}
    </Box>
  );
}

/** The device's camera in a dialog (the back camera where there is one), read until a code shows. */
function ScanDialog({ onClose, onCode }: { onClose: () => void; onCode: (text: string) => void }) {
  const { t } = useTranslation('engine');
  const video = useRef<HTMLVideoElement>(null);
  const [unavailable, setUnavailable] = useState(false);
  const [live, setLive] = useState(false);
  // The latest callback, for the scanning loop the first render started.
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  }, [onCode]);
  useEffect(() => {
    let open = true;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const media = globalThis.navigator?.mediaDevices;
    if (!media?.getUserMedia) {
      setUnavailable(true);
      return;
    }
    const look = async () => {
      const v = video.current;
      if (!open) return;
      if (v && v.videoWidth) {
        const text = await readQrFrom(v, v.videoWidth, v.videoHeight).catch(() => undefined);
        if (text && open) return found.current(text);
      }
      timer = setTimeout(() => void look(), SCAN_EVERY_MS);
    };
    media.getUserMedia({ video: { facingMode: 'environment' }, audio: false }).then(
      (s) => {
        stream = s;
        if (!open) return s.getTracks().forEach((track) => track.stop());
        setLive(true);
        if (video.current) {
          video.current.srcObject = s;
          void video.current.play().catch(() => undefined);
        }
        void look();
      },
      () => open && setUnavailable(true),
    );
    return () => {
      open = false;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('inquiry.qrCode.cameraTitle')}</DialogTitle>
      <DialogContent>
        {unavailable ? (
          <Alert severity="info" data-testid="qr-code-camera-unavailable">
            {t('inquiry.qrCode.cameraUnavailable')}
          </Alert>
        ) : (
          <>
            <Box
              component="video"
              ref={video}
              playsInline
              muted
              aria-label={t('inquiry.qrCode.cameraTitle')}
              sx={{ width: '100%', borderRadius: 1, bgcolor: 'black', minHeight: 200 }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t(live ? 'inquiry.qrCode.pointCamera' : 'inquiry.qrCode.opening')}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
