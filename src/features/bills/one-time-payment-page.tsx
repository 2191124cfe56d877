import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { favouriteUrl } from '@/engine/favourites';
import { FLOWS, flowMetaById } from '@/engine/flows-data';
import { listFavourites } from '@/engine/services/transaction-services';
import { stepUrl, type Favourite } from '@/shared/flows';

const BILL_AREAS = ['payment'];

/**
 * Pay a bill: the customer's registered billers first (a saved biller and customer number: one tap
 * opens the form filled in, Next goes to verify), then every biller to pay once without saving it.
 */
export function OneTimePaymentPage() {
  const { t } = useTranslation(['bills', 'flows']);
  const tr = t as unknown as (k: string) => string;
  const [registered, setRegistered] = useState<Favourite[]>();
  useEffect(() => {
    let live = true;
    listFavourites().then(
      (list) =>
        live && setRegistered(list.filter((f) => BILL_AREAS.includes(flowMetaById(f.flowId)?.area ?? ''))),
      () => live && setRegistered([]), // the billers below still work without them
    );
    return () => {
      live = false;
    };
  }, []);
  const billers = FLOWS.filter((f) => BILL_AREAS.includes(f.area) && f.menu).sort(
    (a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0),
  );
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('bills:oneTime.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('bills:oneTime.subtitle')}
      </Typography>
      <Paper variant="outlined" sx={{ mb: 2 }} data-testid="registered-billers">
        <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2, fontWeight: 700 }}>
          {t('bills:oneTime.registered')}
        </Typography>
        {registered && registered.length === 0 && (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {t('bills:oneTime.noneRegistered')}
          </Typography>
        )}
        <List disablePadding>
          {registered?.map((f) => {
            const flow = flowMetaById(f.flowId)!;
            return (
              <ListItemButton
                key={f.id}
                component={Link}
                to={favouriteUrl(flow, f.id)}
                divider
                data-testid="registered-biller"
              >
                <ListItemText primary={f.name} secondary={tr(flow.titleKey)} />
                <ChevronRightIcon color="action" />
              </ListItemButton>
            );
          })}
        </List>
      </Paper>
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
