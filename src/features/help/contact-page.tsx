import AccessTimeIcon from '@mui/icons-material/AccessTime';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import PublicIcon from '@mui/icons-material/Public';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CONTACT_CENTRE } from '@/shared/constants';
import { openChat } from '@/shared/ui/chat-events';
import { PageHeader } from './page-header';

/** The bank's contact points (the call centre is the spec's 14041). */
export const CONTACT = {
  centre: CONTACT_CENTRE,
  abroad: '+62 21 2352 4041',
  email: 'care@octobank.co.id',
} as const;

function Row(p: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', py: 1.25 }}>
      <Box sx={{ color: 'primary.main', display: 'flex', pt: 0.25 }}>{p.icon}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {p.label}
        </Typography>
        <Box sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{p.children}</Box>
      </Box>
    </Box>
  );
}

/** /contact-us/: call, write or chat; hours of the call centre and the branches. */
export function ContactPage() {
  const { t } = useTranslation(['help', 'shell']);
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }} data-testid="contact-page">
      <PageHeader title={t('shell:menu.items.contactUs')} intro={t('contact.intro')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
        <Paper variant="outlined" sx={{ px: 2.5, py: 1.5 }}>
          <Row icon={<PhoneOutlinedIcon />} label={t('contact.centre')}>
            <Link
              href={`tel:${CONTACT.centre}`}
              underline="hover"
              data-testid="contact-centre"
              sx={{ fontSize: 24 }}
            >
              {CONTACT.centre}
            </Link>
            <Typography variant="body2" color="text.secondary">
              {t('contact.centreHours')}
            </Typography>
          </Row>
          <Row icon={<PublicIcon />} label={t('contact.abroad')}>
            <Link href={`tel:${CONTACT.abroad.replaceAll(' ', '')}`} underline="hover">
              {CONTACT.abroad}
            </Link>
          </Row>
          <Row icon={<EmailOutlinedIcon />} label={t('contact.email')}>
            <Link href={`mailto:${CONTACT.email}`} underline="hover">
              {CONTACT.email}
            </Link>
          </Row>
          <Row icon={<AccessTimeIcon />} label={t('contact.branches')}>
            {t('contact.branchHours')}
          </Row>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2.5 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            {t('contact.onlineTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('contact.onlineText')}
          </Typography>
          <Stack spacing={1.25}>
            <Button
              variant="contained"
              startIcon={<ChatOutlinedIcon />}
              onClick={openChat}
              data-testid="contact-chat"
            >
              {t('shell:menu.items.chat')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<EditOutlinedIcon />}
              component={RouterLink}
              to="/help/compose/"
            >
              {t('hub.compose.title')}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('contact.safety')}
          </Typography>
        </Paper>
      </Box>
    </Box>
  );
}
