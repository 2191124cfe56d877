import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTypedTranslation } from '@/shared/i18n/keys';

/** A chunk that could not be loaded (offline, or a new deployment removed it). */
function isLoadFailure(error: unknown): boolean {
  const msg = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically/i.test(
    msg,
  );
}

type BoundaryState = { failure: { error: unknown } | null; pathname: string };

/** A failed load or render below shows RouteErrorView until the next navigation (another path). */
export class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failure: null, pathname: this.props.pathname };
  static getDerivedStateFromError(error: unknown) {
    return { failure: { error } };
  }
  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState) {
    return props.pathname === state.pathname ? null : { failure: null, pathname: props.pathname };
  }
  override render() {
    const { failure } = this.state;
    return failure ? <RouteErrorView error={failure.error} /> : this.props.children;
  }
}

/** A layout route's element: its child page, or RouteErrorView in its place (inside the shell). */
export function PageErrorBoundary() {
  return (
    <RouteErrorBoundary pathname={useLocation().pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

/**
 * What a route shows when it fails to load or render: the spec's time-out texts with Reload for
 * a failed load, the generic message otherwise; never a stack trace.
 */
export function RouteErrorView({ error }: { error: unknown }) {
  const { t } = useTypedTranslation('errors');
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
