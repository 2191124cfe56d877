import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

const PRODUCTS = ['xtra', 'ku', 'valas'] as const;
const HOW = ['branch', 'app', 'call'] as const;

/** /applyandinvest/saving/: where the "open an account" buttons of the role dialogs lead. */
export function OpenAccountPage() {
  const { t } = useTranslation('settings');
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }} data-testid="open-account">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('openAccount.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('openAccount.intro')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
          mb: 3,
        }}
      >
        {PRODUCTS.map((p) => (
          <Paper key={p} variant="outlined" sx={{ p: 2 }}>
            <Typography sx={{ fontWeight: 700, mb: 0.5 }}>{t(`openAccount.products.${p}.name`)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`openAccount.products.${p}.text`)}
            </Typography>
          </Paper>
        ))}
      </Box>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('openAccount.howTitle')}
      </Typography>
      <Box component="ol" sx={{ pl: 3, mt: 0, mb: 3 }}>
        {HOW.map((h) => (
          <Typography component="li" key={h} sx={{ mb: 1 }}>
            {t(`openAccount.how.${h}`)}
          </Typography>
        ))}
      </Box>
      <Button variant="outlined" component={RouterLink} to="/dashboard/">
        {t('openAccount.back')}
      </Button>
    </Box>
  );
}
