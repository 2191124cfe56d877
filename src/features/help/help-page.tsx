import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONTACT_CENTRE } from '@/shared/constants';
import { openChat } from '@/shared/ui/chat-events';
import { helpApi, pick, type FaqEntry } from './api';
import { PageHeader } from './page-header';

function Tile(p: {
  icon: ReactNode;
  title: string;
  text: string;
  to?: string;
  onClick?: () => void;
  testId: string;
}) {
  const inner = (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', p: 2, width: '100%', textAlign: 'left' }}>
      <Box sx={{ color: 'primary.main', display: 'flex', pt: 0.25 }}>{p.icon}</Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }}>{p.title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {p.text}
        </Typography>
      </Box>
      <ChevronRightIcon color="action" />
    </Box>
  );
  return (
    <Paper variant="outlined" sx={{ display: 'flex', '&:hover': { borderColor: 'primary.main' } }}>
      {p.to ? (
        <ButtonBase component={Link} to={p.to} sx={{ flex: 1, borderRadius: 1 }} data-testid={p.testId}>
          {inner}
        </ButtonBase>
      ) : (
        <ButtonBase onClick={p.onClick} sx={{ flex: 1, borderRadius: 1 }} data-testid={p.testId}>
          {inner}
        </ButtonBase>
      )}
    </Paper>
  );
}

/** /help/: where to find an answer, write to the bank, call or chat. */
export function HelpPage() {
  const { t, i18n } = useTranslation(['help', 'shell']);
  const [popular, setPopular] = useState<FaqEntry[]>([]);

  useEffect(() => {
    const ctrl = new AbortController();
    // The popular questions are a shortcut; without them the page still serves.
    helpApi.faq(ctrl.signal).then(
      (r) => setPopular(r.entries.slice(0, 4)),
      () => undefined,
    );
    return () => ctrl.abort();
  }, []);

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }} data-testid="help-page">
      <PageHeader title={t('shell:menu.items.help')} intro={t('hub.intro')} />
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 3 }}>
        <Tile
          icon={<HelpOutlineIcon />}
          title={t('hub.faq.title')}
          text={t('hub.faq.text')}
          to="/help/faq/"
          testId="help-faq"
        />
        <Tile
          icon={<MailOutlineIcon />}
          title={t('hub.mailbox.title')}
          text={t('hub.mailbox.text')}
          to="/help/mailbox/"
          testId="help-mailbox"
        />
        <Tile
          icon={<EditOutlinedIcon />}
          title={t('hub.compose.title')}
          text={t('hub.compose.text')}
          to="/help/compose/"
          testId="help-compose"
        />
        <Tile
          icon={<ChatOutlinedIcon />}
          title={t('hub.chat.title')}
          text={t('hub.chat.text')}
          onClick={openChat}
          testId="help-chat"
        />
        <Tile
          icon={<PhoneOutlinedIcon />}
          title={t('hub.contact.title')}
          text={t('hub.contact.text', { centre: CONTACT_CENTRE })}
          to="/contact-us/"
          testId="help-contact"
        />
      </Box>
      {popular.length > 0 && (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, px: 1 }}>
            {t('hub.popular')}
          </Typography>
          <List dense>
            {popular.map((e) => (
              <ListItemButton key={e.id} component={Link} to={`/help/faq/?open=${encodeURIComponent(e.id)}`}>
                <ListItemText primary={pick(e.question, i18n.language)} />
                <ChevronRightIcon color="action" fontSize="small" />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
    </Box>
  );
}
