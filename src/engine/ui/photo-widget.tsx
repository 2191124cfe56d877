import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { apiPostForm } from '@/shared/api/client';
import type { ApiErrorBody } from '@/shared/api-error';
import type { EngineFormContext } from './form-context';

/** The server's rules (src/server/uploads/photos.ts): the page says so before sending. */
const MAX_BYTES = 2 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png'];
/** A camera picture is made at most this wide or high before it is sent (well under 2 MB as JPEG). */
const MAX_SIDE = 1600;
const UPLOAD_PATH = '/api/transaction/v1/photo';

type Problem = { title?: string; message: string };

/**
 * A photo for an identity check (the e-KTP): taken with the device's camera or chosen as a file,
 * uploaded at once (POST /api/transaction/v1/photo), and the field's value is the photo's id. A photo
 * the server refuses (its type by its first bytes, its size) says "Upload failed, please try again"
 * with why; so does one the page can tell is wrong before sending it.
 */
export function PhotoWidget(props: WidgetProps) {
  const { t, i18n } = useTranslation('engine');
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const ctx = props.registry.formContext as EngineFormContext;
  const [preview, setPreview] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>();
  const [camera, setCamera] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const failed = (message: string, title?: string) => {
    setProblem({ title: title ?? t('inquiry.photo.failed'), message });
    props.onChange(undefined);
  };

  const upload = async (blob: Blob, name: string) => {
    if (!TYPES.includes(blob.type)) return failed(t('inquiry.photo.type'));
    if (blob.size > MAX_BYTES) return failed(t('inquiry.photo.size'));
    setBusy(true);
    setProblem(undefined);
    const form = new FormData();
    form.append('flowId', ctx.flowId ?? '');
    form.append('file', blob, name);
    try {
      const r = await apiPostForm<{ photoId: string }>(UPLOAD_PATH, form);
      setPreview(URL.createObjectURL(blob));
      props.onChange(r.photoId);
    } catch (err) {
      const body = (err as { body?: ApiErrorBody }).body;
      if (body)
        failed(
          lang === 'en' ? body.errorMessageEng : body.errorMessageIdn,
          lang === 'en' ? body.errorTitleEng : body.errorTitleIdn,
        );
      else failed(t('inquiry.photo.retry'));
    } finally {
      setBusy(false);
    }
  };

  const err = props.rawErrors?.[0];
  return (
    <Box sx={{ my: 1 }} data-testid="photo-widget">
      <Typography variant="body2" color="text.secondary" component="label" htmlFor={`${props.id}-file`}>
        {props.label}
        {props.required ? ' *' : ''}
      </Typography>
      {preview && props.value && (
        <Box
          component="img"
          src={preview}
          alt={t('inquiry.photo.preview')}
          data-testid="photo-preview"
          sx={{
            display: 'block',
            mt: 1,
            maxWidth: '100%',
            maxHeight: 220,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
          }}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Button
          variant="outlined"
          onClick={() => setCamera(true)}
          disabled={busy || props.disabled}
          data-testid="photo-camera"
        >
          {t('inquiry.photo.camera')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => fileInput.current?.click()}
          disabled={busy || props.disabled}
          data-testid="photo-choose"
        >
          {t(props.value ? 'inquiry.photo.replace' : 'inquiry.photo.file')}
        </Button>
        {busy && <CircularProgress size={24} aria-label={t('inquiry.photo.uploading')} />}
      </Box>
      <input
        ref={fileInput}
        id={`${props.id}-file`}
        type="file"
        accept={TYPES.join(',')}
        hidden
        data-testid="photo-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void upload(f, f.name);
        }}
      />
      {props.value && !busy && !problem && (
        <Typography
          variant="body2"
          color="success.main"
          role="status"
          data-testid="photo-uploaded"
          sx={{ mt: 0.5 }}
        >
          {t('inquiry.photo.uploaded')}
        </Typography>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="photo-error">
          <AlertTitle>{problem.title}</AlertTitle>
          {problem.message}
        </Alert>
      )}
      {err && !problem && !props.value && (
        <Typography variant="caption" color="error" sx={{ display: 'block' }}>
          {err}
        </Typography>
      )}
      {camera && (
        <CameraDialog
          onClose={() => setCamera(false)}
          onPhoto={(blob) => {
            setCamera(false);
            void upload(blob, 'ektp.jpg');
          }}
        />
      )}
    </Box>
  );
}

/** The device's camera in a dialog: the back camera where there is one; Capture makes a JPEG. */
function CameraDialog({ onClose, onPhoto }: { onClose: () => void; onPhoto: (blob: Blob) => void }) {
  const { t } = useTranslation('engine');
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream>();
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    let opened: MediaStream | undefined;
    const media = globalThis.navigator?.mediaDevices;
    if (!media?.getUserMedia) {
      setUnavailable(true);
      return;
    }
    media.getUserMedia({ video: { facingMode: 'environment' }, audio: false }).then(
      (s) => {
        opened = s;
        if (!live) return s.getTracks().forEach((track) => track.stop());
        setStream(s);
        if (video.current) {
          video.current.srcObject = s;
          void video.current.play().catch(() => undefined);
        }
      },
      () => live && setUnavailable(true),
    );
    return () => {
      live = false;
      opened?.getTracks().forEach((track) => track.stop());
    };
  }, []);
  const capture = () => {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    const scale = Math.min(1, MAX_SIDE / Math.max(v.videoWidth, v.videoHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(v.videoWidth * scale);
    canvas.height = Math.round(v.videoHeight * scale);
    canvas.getContext('2d')?.drawImage(v, 0, 0, canvas.width, canvas.height);
    canvas.toBlob((blob) => blob && onPhoto(blob), 'image/jpeg', 0.85);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('inquiry.photo.cameraTitle')}</DialogTitle>
      <DialogContent>
        {unavailable ? (
          <Alert severity="info" data-testid="photo-camera-unavailable">
            {t('inquiry.photo.cameraUnavailable')}
          </Alert>
        ) : (
          <Box
            component="video"
            ref={video}
            playsInline
            muted
            sx={{ width: '100%', borderRadius: 1, bgcolor: 'black' }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        {!unavailable && (
          <Button variant="contained" onClick={capture} disabled={!stream} data-testid="photo-capture">
            {t('inquiry.photo.capture')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
