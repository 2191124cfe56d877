import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FLOWS } from '@/engine/flows-data';
import { stepUrl } from '@/shared/flows';
import { RegisteredBillers } from './registered-billers';

/**
 * Pay a bill: the customer's registered billers first (a saved biller and customer number: one tap
 * looks the bill up and opens verify), then every biller to pay once without saving it.
 */
export function OneTimePaymentPage() {
  const { t } = useTranslation(['bills', 'flows']);
  const tr = t as unknown as (k: string) => string;
  const billers = FLOWS.filter((f) => f.area === 'payment' && f.menu).sort(
    (a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0),
  );
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('bills:oneTime.title')}
      </Typography>
      <Typography color="text.secondary">{t('bills:oneTime.subtitle')}</Typography>
      <RegisteredBillers />
      <Paper variant="outlined" data-testid="all-billers">
        <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2, fontWeight: 700 }}>
          {t('bills:oneTime.payOnce')}
        </Typography>
        <List disablePadding>
          {billers.map((f) => (
            <ListItemButton key={f.id} component={Link} to={f.menu?.path ?? stepUrl(f, 'inquiry/')} divider>
              <ListItemText
                primary={tr(f.menu!.labelKey)}
                secondary={f.menu?.descriptionKey ? tr(f.menu.descriptionKey) : undefined}
              />
              <ChevronRightIcon color="action" />
            </ListItemButton>
          ))}
        </List>
      </Paper>
    </>
  );
}
