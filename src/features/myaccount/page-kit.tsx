import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ErrorContext, ErrorView } from '@/shared/api/error-catalogue';
import { useErrorHandler } from '@/shared/ui';

/**
 * Loads a page's data once (again when `deps` change), cancelled when the page goes. A refusal the
 * catalogue shows in place ('inline': no installments) comes back as `notice`; any other opens its dialog
 * (a no-account code its product's dialog, given the context) and comes back as `failed`.
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
  context?: ErrorContext,
): { data?: T; notice?: ErrorView; failed: boolean } {
  const errors = useErrorHandler();
  const [state, setState] = useState<{ data?: T; notice?: ErrorView; failed: boolean }>({ failed: false });
  useEffect(() => {
    const ctrl = new AbortController();
    setState({ failed: false });
    load(ctrl.signal).then(
      (data) => setState({ data, failed: false }),
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        const view = errors.describe(err, context);
        if (view.kind === 'inline') setState({ notice: view, failed: false });
        else {
          errors.showError(err, { context });
          setState({ failed: true });
        }
      },
    );
    return () => ctrl.abort();
    // `load` and `context` are written inline by callers; `deps` says when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors, ...deps]);
  return state;
}

export function Page({
  title,
  testId,
  children,
  intro,
}: {
  title: string;
  testId: string;
  children: ReactNode;
  intro?: string;
}) {
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }} data-testid={testId}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: intro ? 0.5 : 2 }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Box>
  );
}

export function Loading() {
  const { t } = useTranslation('myaccount');
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}

export function Notice({ view, testId = 'page-notice' }: { view: ErrorView; testId?: string }) {
  return (
    <Alert severity="info" data-testid={testId}>
      <strong>{view.title}</strong> {view.message}
    </Alert>
  );
}

/**
 * A detail page with nothing to show: why (the inline notice of its load, or that none was chosen:
 * opened without its reference), then the page to choose one from.
 */
export function WayBack(p: {
  notice?: ErrorView;
  noneChosen?: string;
  testId: string;
  to: string;
  label: string;
}) {
  return (
    <>
      {p.notice && <Notice view={p.notice} />}
      {p.noneChosen && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid={p.testId}>
          {p.noneChosen}
        </Alert>
      )}
      <Button component={RouterLink} to={p.to}>
        {p.label}
      </Button>
    </>
  );
}

export function Card({ title, children, testId }: { title?: string; children: ReactNode; testId?: string }) {
  return (
    <Paper component="section" sx={{ p: { xs: 1.5, md: 2 }, mb: 2 }} data-testid={testId} aria-label={title}>
      {title && (
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** Label over value, two to four a row. */
export function Facts({ items, testId }: { items: Array<[string, ReactNode]>; testId?: string }) {
  return (
    <Grid container spacing={1.5} data-testid={testId}>
      {items.map(([label, value]) => (
        <Grid key={label} size={{ xs: 6, md: 3 }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{value}</Typography>
        </Grid>
      ))}
    </Grid>
  );
}

/** A list row: what on the left, how much on the right. */
export function Line({
  title,
  sub,
  right,
  rightSub,
  testId = 'line',
  children,
}: {
  title: ReactNode;
  sub?: ReactNode;
  right?: ReactNode;
  rightSub?: ReactNode;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <Box
      sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
      data-testid={testId}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
          {sub && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {sub}
            </Typography>
          )}
        </Box>
        {(right || rightSub) && (
          <Box sx={{ textAlign: 'right' }}>
            <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{right}</Typography>
            {rightSub && (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {rightSub}
              </Typography>
            )}
          </Box>
        )}
      </Box>
      {children}
    </Box>
  );
}
