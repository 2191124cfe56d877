import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { favouriteUrl } from '@/engine/favourites';
import { flowMetaById } from '@/engine/flows-data';
import { useFlowFile } from '@/engine/use-flow-file';
import { deleteFavourite, listFavourites } from '@/engine/services/transaction-services';
import { formatBankDate } from '@/shared/bank-time';
import { transactionDetail, type Favourite } from '@/shared/flows';
import { ConfirmDeleteDialog, useErrorHandler } from '@/shared/ui';

type Lang = 'en' | 'id';

/** Where a notice of the edit page travels back to the list (router state). */
export interface FavouritesNotice {
  notice?: 'renamed';
}

function FavouriteCard(p: { favourite: Favourite; lang: Lang; onDelete(): void }) {
  const { t } = useTranslation('engine');
  const navigate = useNavigate();
  const f = p.favourite;
  // The title and the link at once; the detail (the flow's summary rows) when its file has loaded.
  const flow = flowMetaById(f.flowId);
  const file = useFlowFile(flow?.id);
  const detail = file && transactionDetail(file, f.form, p.lang);
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, listStyle: 'none' }}
      data-testid="favourite"
      data-favourite-id={f.id}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {f.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {flow ? [t(flow.titleKey), detail].filter(Boolean).join(' · ') : t('favourites.unavailable')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('favourites.savedOn', { date: formatBankDate(f.createdAt, p.lang, { dateStyle: 'medium' }) })}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0, justifyContent: 'flex-end' }}>
          <Button
            size="small"
            onClick={p.onDelete}
            aria-label={t('favourites.deleteNamed', { name: f.name })}
            data-testid="favourite-delete"
          >
            {t('favourites.delete')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            component={RouterLink}
            to={`/my-favorite/edit-favorite/?id=${encodeURIComponent(f.id)}`}
            aria-label={t('favourites.editNamed', { name: f.name })}
            data-testid="favourite-edit"
          >
            {t('favourites.edit')}
          </Button>
          {flow && (
            <Button
              size="small"
              variant="contained"
              onClick={() => navigate(favouriteUrl(flow, f.id))}
              aria-label={t('favourites.startNamed', { name: f.name })}
              data-testid="favourite-start"
            >
              {t('favourites.start')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** /my-favorite/: the transactions the customer saved from a receipt, each started again with its form filled in. */
export function FavoritesPage() {
  const { t, i18n } = useTranslation(['engine', 'shell']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'id';
  const errors = useErrorHandler();
  const location = useLocation();
  const navigate = useNavigate();
  const [favourites, setFavourites] = useState<Favourite[]>();
  const [deleting, setDeleting] = useState<Favourite>();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string>();

  useEffect(() => {
    let live = true;
    listFavourites().then(
      (list) => live && setFavourites(list),
      (err: unknown) => {
        if (!live) return;
        setFavourites([]);
        errors.showError(err);
      },
    );
    return () => {
      live = false;
    };
  }, [errors]);

  // A notice from the edit page, said once.
  useEffect(() => {
    if ((location.state as FavouritesNotice | null)?.notice === 'renamed') {
      setNote(t('favourites.renamed'));
      navigate('.', { replace: true, state: null });
    }
  }, [location.state, navigate, t]);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteFavourite(deleting.id);
      setFavourites((list) => list?.filter((f) => f.id !== deleting.id));
      setNote(t('favourites.deleted', { name: deleting.name }));
      setDeleting(undefined);
    } catch (err) {
      setDeleting(undefined);
      errors.showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 800, mx: 'auto' }} data-testid="favourites-page">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('shell:menu.items.myFavorites')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        {t('favourites.intro')}
      </Typography>
      {!favourites ? (
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Box>
      ) : favourites.length === 0 ? (
        <Alert severity="info" data-testid="favourites-empty">
          {t('favourites.empty')}
        </Alert>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {favourites.map((f) => (
            <FavouriteCard key={f.id} favourite={f} lang={lang} onDelete={() => setDeleting(f)} />
          ))}
        </Stack>
      )}
      <ConfirmDeleteDialog
        open={!!deleting}
        id="delete-favourite"
        title={t('favourites.deleteTitle')}
        message={t('favourites.deleteMessage', { name: deleting?.name ?? '' })}
        cancelLabel={t('favourites.cancel')}
        deleteLabel={t('favourites.delete')}
        busy={busy}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => void confirmDelete()}
      />
      <Snackbar open={!!note} autoHideDuration={5000} onClose={() => setNote(undefined)} message={note} />
    </Box>
  );
}
