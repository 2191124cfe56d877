import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LanguageSwitch } from '@/shared/ui/language-switch';

/** The public login area: brand panel, the page's card, and the links every visitor may need. */
export function LoginLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'grey.100',
      }}
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: { xs: 2, md: 4 },
          py: 1.5,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <Link component={RouterLink} to="/login/" color="inherit" underline="none">
          <Typography component="span" sx={{ fontWeight: 800, fontSize: 22, letterSpacing: 1 }}>
            OCTO
          </Typography>
          <Typography component="span" sx={{ ml: 1, opacity: 0.85 }}>
            {t('brand.tagline')}
          </Typography>
        </Link>
        <LanguageSwitch />
      </Box>
      <Box
        component="main"
        sx={{ flex: 1, display: 'flex', justifyContent: 'center', p: { xs: 1.5, md: 4 } }}
      >
        <Paper
          elevation={2}
          sx={{ width: '100%', maxWidth: wide ? 880 : 460, p: { xs: 2.5, md: 4 }, alignSelf: 'flex-start' }}
        >
          {children}
        </Paper>
      </Box>
      <Box component="footer" sx={{ px: 2, py: 2, textAlign: 'center' }}>
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ justifyContent: 'center', flexWrap: 'wrap', rowGap: 0.5, mb: 1 }}
          component="nav"
          aria-label={t('links.label')}
        >
          <Link component={RouterLink} to="/login/termandconditions/">
            {t('links.terms')}
          </Link>
          <Link component={RouterLink} to="/login/tutorial-demo/">
            {t('links.tutorial')}
          </Link>
          <Link component={RouterLink} to="/login/contactus/">
            {t('links.contact')}
          </Link>
          <Link component={RouterLink} to="/login/faq/">
            {t('links.faq')}
          </Link>
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {t('brand.footer')}
        </Typography>
      </Box>
    </Box>
  );
}
