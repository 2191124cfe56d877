import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { FavouriteNameField } from '@/engine/ui/favourite-name-field';
import { flowMetaById } from '@/engine/flows-data';
import { useFlowFile } from '@/engine/use-flow-file';
import { listFavourites, renameFavourite } from '@/engine/services/transaction-services';
import { ApiFailure } from '@/shared/api/client';
import { transactionDetail, type Favourite } from '@/shared/flows';
import { useErrorHandler } from '@/shared/ui';
import type { FavouritesNotice } from './favorites-page';

const LIST = '/my-favorite/';

/** /my-favorite/edit-favorite/?id=: a favourite's name, changed. */
export function EditFavoritePage() {
  const { t, i18n } = useTranslation('engine');
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const errors = useErrorHandler();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  // undefined while loading; null when there is no such favourite (deleted, or never this customer's).
  const [favourite, setFavourite] = useState<Favourite | null>();
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const flowFile = useFlowFile(favourite?.flowId);

  useEffect(() => {
    let live = true;
    listFavourites().then(
      (list) => {
        if (!live) return;
        const f = list.find((x) => x.id === id) ?? null;
        setFavourite(f);
        if (f) setName(f.name);
      },
      (err: unknown) => {
        if (!live) return;
        setFavourite(null);
        errors.showError(err);
      },
    );
    return () => {
      live = false;
    };
  }, [id, errors]);

  const save = async () => {
    if (!favourite) return;
    if (!name.trim()) {
      setFieldError(t('favourites.nameRequired'));
      return;
    }
    setBusy(true);
    try {
      await renameFavourite(favourite.id, name.trim());
      navigate(LIST, { state: { notice: 'renamed' } satisfies FavouritesNotice });
    } catch (err) {
      const view = errors.describe(err);
      if (err instanceof ApiFailure && err.errorCode === 'FAVORITE_NAME_TAKEN') setFieldError(view.message);
      else errors.showError(err);
    } finally {
      setBusy(false);
    }
  };

  if (favourite === undefined)
    return (
      <Box sx={{ p: 4, textAlign: 'center' }}>
        <CircularProgress aria-label={t('common:loading')} />
      </Box>
    );
  const title = (
    <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
      {t('favourites.editTitle')}
    </Typography>
  );
  if (favourite === null)
    return (
      <Box sx={{ maxWidth: 560, mx: 'auto' }}>
        {title}
        <Alert severity="warning" data-testid="favourite-not-found" sx={{ mb: 2 }}>
          {t('favourites.notFound')}
        </Alert>
        <Button component={RouterLink} to={LIST} variant="outlined">
          {t('favourites.back')}
        </Button>
      </Box>
    );
  const flow = flowMetaById(favourite.flowId);
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto' }} data-testid="edit-favourite-page">
      {title}
      <Paper
        component="form"
        noValidate
        sx={{ p: { xs: 2, md: 3 } }}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {flow
            ? [t(flow.titleKey), flowFile && transactionDetail(flowFile, favourite.form, lang)]
                .filter(Boolean)
                .join(' · ')
            : t('favourites.unavailable')}
        </Typography>
        <FavouriteNameField
          value={name}
          error={fieldError}
          onChange={(value) => {
            setName(value);
            setFieldError(undefined);
          }}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to={LIST} disabled={busy}>
            {t('favourites.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="edit-favourite-save">
            {t('favourites.save')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
