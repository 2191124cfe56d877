import ConstructionIcon from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { areaOf } from '../spec-routes';

/** A route of the product whose feature is not built yet: says so plainly, with a way back. Never the 404. */
export function PlaceholderPage({ visitor = false }: { visitor?: boolean }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const area = (t as unknown as (k: string, o: object) => string)(`areas.${areaOf(pathname)}`, {
    defaultValue: t('appName'),
  });
  return (
    <Box sx={visitor ? { minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 } : undefined}>
      <Paper
        variant="outlined"
        data-testid="feature-unavailable"
        sx={{ p: { xs: 3, md: 5 }, maxWidth: 640, mx: 'auto', textAlign: 'center' }}
      >
        <ConstructionIcon color="secondary" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {t('placeholder.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('placeholder.message', { area })}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center' }}>
          {window.history.length > 1 && (
            <Button color="secondary" variant="outlined" onClick={() => navigate(-1)}>
              {t('common:actions.back')}
            </Button>
          )}
          <Button variant="contained" component={Link} to={visitor ? '/login/' : '/dashboard/'}>
            {visitor ? t('placeholder.backToLogin') : t('placeholder.back')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
