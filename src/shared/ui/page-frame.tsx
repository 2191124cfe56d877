import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A page's frame: its title (h1), a Back link when it has a page above it, actions beside the title. */
export function PageFrame(p: {
  title: string;
  back?: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  maxWidth?: number;
}) {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ maxWidth: p.maxWidth ?? 900, mx: 'auto' }} data-testid={p.testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        {p.back && (
          <Button component={Link} to={p.back} size="small">
            {t('actions.back')}
          </Button>
        )}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flex: 1 }}>
          {p.title}
        </Typography>
        {p.actions}
      </Box>
      {p.children}
    </Box>
  );
}

/** The spinner a page shows while it reads the server. */
export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}
