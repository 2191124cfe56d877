import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTypedTranslation } from '@/shared/i18n/keys';
import { Link } from 'react-router';

/** Only for paths that are not in the product (spec section 2 "Not-found page"). */
export function NotFoundPage() {
  const { t } = useTypedTranslation('shell');
  return (
    <Box
      component="main"
      data-testid="not-found"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        textAlign: 'center',
        p: 3,
        bgcolor: 'background.default',
      }}
    >
      <Box>
        <Typography variant="overline" color="primary" sx={{ fontSize: 16, fontWeight: 700 }}>
          {t('notFound.code')}
        </Typography>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {t('notFound.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('notFound.message')}
        </Typography>
        <Button variant="contained" component={Link} to="/" size="large">
          {t('notFound.back')}
        </Button>
      </Box>
    </Box>
  );
}
