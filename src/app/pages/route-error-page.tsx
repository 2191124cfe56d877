import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTypedTranslation } from '@/shared/i18n/keys';
import { NotFoundPage } from './not-found-page';

/** A chunk that could not be loaded (offline, or a new deployment removed it). */
function isLoadFailure(error: unknown): boolean {
  const msg = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically/i.test(
    msg,
  );
}

/** A data router route's error element: the error the router caught, shown by RouteErrorView. */
export function RouteErrorPage() {
  return <RouteErrorView error={useRouteError()} />;
}

/**
 * What a route shows when it fails to load or render: the spec's time-out texts with Reload for
 * a failed load, the generic message otherwise; never a stack trace.
 */
export function RouteErrorView({ error }: { error: unknown }) {
  const { t } = useTypedTranslation('errors');
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const loadFailure = isLoadFailure(error);
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper
        variant="outlined"
        role="alert"
        data-testid="route-error"
        sx={{ p: { xs: 3, md: 5 }, maxWidth: 560, textAlign: 'center' }}
      >
        <Typography variant="h6" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {loadFailure ? t('timeout.title') : t('generic.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {loadFailure ? t('timeout.message') : t('generic.somethingWrong')}
        </Typography>
        {loadFailure && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
            {t('timeout.code', { code: '0000' })}
          </Typography>
        )}
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center', mt: 2 }}>
          <Button color="secondary" variant="outlined" href="/">
            {t('common:actions.back')}
          </Button>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
