import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { CONTACT_CENTRE } from '@/shared/constants';
import { LoginLayout } from '../login-layout';

type Section = { title: string; body: string };

function useSections(key: string): [string, Section][] {
  const { t } = useTranslation('auth');
  const v = t(key, { returnObjects: true }) as unknown;
  return v && typeof v === 'object' ? (Object.entries(v) as [string, Section][]) : [];
}

function BackToLogin() {
  const { t } = useTranslation('auth');
  return (
    <Button component={RouterLink} to="/login/" variant="outlined" sx={{ mt: 3 }}>
      {t('forgot.backToLogin')}
    </Button>
  );
}

/** /login/termandconditions/: the terms of internet banking, summarised section by section. */
export function TermsPage() {
  const { t } = useTranslation('auth');
  const sections = useSections('terms.sections');
  return (
    <LoginLayout wide>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('terms.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('terms.intro')}
      </Typography>
      <Box component="ol" sx={{ pl: 3, m: 0 }}>
        {sections.map(([k, s]) => (
          <Box component="li" key={k} sx={{ mb: 2 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              {s.title}
            </Typography>
            <Typography>{s.body}</Typography>
          </Box>
        ))}
      </Box>
      <BackToLogin />
    </LoginLayout>
  );
}

/** /login/tutorial-demo/: step by step through the product, from first login to the receipt. */
export function TutorialPage() {
  const { t } = useTranslation('auth');
  const steps = useSections('tutorial.steps');
  return (
    <LoginLayout wide>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('tutorial.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('tutorial.intro')}
      </Typography>
      <Stack spacing={2}>
        {steps.map(([k, s], i) => (
          <Stack direction="row" spacing={2} key={k} sx={{ alignItems: 'flex-start' }}>
            <Box
              aria-hidden
              sx={{
                flex: '0 0 36px',
                height: 36,
                borderRadius: '50%',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 700,
              }}
            >
              {i + 1}
            </Box>
            <Box>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                {s.title}
              </Typography>
              <Typography>{s.body}</Typography>
            </Box>
          </Stack>
        ))}
      </Stack>
      <Typography sx={{ mt: 3 }}>{t('tutorial.demoNote')}</Typography>
      <BackToLogin />
    </LoginLayout>
  );
}

/** /login/contactus/: the contact centre and other ways to reach the bank. */
export function ContactPage() {
  const { t } = useTranslation('auth');
  const channels = useSections('contact.channels');
  return (
    <LoginLayout>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('contact.title')}
      </Typography>
      <Box sx={{ textAlign: 'center', p: 2, mb: 2, borderRadius: 2, bgcolor: 'grey.100' }}>
        <Typography color="text.secondary">{t('contact.callCentre')}</Typography>
        <Typography
          component="a"
          href={`tel:${CONTACT_CENTRE}`}
          sx={{ fontSize: 36, fontWeight: 800, color: 'primary.main', textDecoration: 'none' }}
        >
          {CONTACT_CENTRE}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('contact.hours')}
        </Typography>
      </Box>
      {channels.map(([k, c]) => (
        <Box key={k} sx={{ mb: 1.5 }}>
          <Typography sx={{ fontWeight: 700 }}>{c.title}</Typography>
          <Typography>{c.body}</Typography>
        </Box>
      ))}
      <BackToLogin />
    </LoginLayout>
  );
}

/** /login/faq/: questions visitors ask before logging in. */
export function FaqPage() {
  const { t } = useTranslation('auth');
  const items = useSections('faq.items');
  return (
    <LoginLayout wide>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('faq.title')}
      </Typography>
      {items.map(([k, q]) => (
        <Accordion key={k} disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography sx={{ fontWeight: 600 }}>{q.title}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography>{q.body}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
      <BackToLogin />
    </LoginLayout>
  );
}
