import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { payFavouriteUrl } from '@/engine/favourites';
import { flowMetaById } from '@/engine/flows-data';
import { useFlowFile } from '@/engine/use-flow-file';
import { listFavourites } from '@/engine/services/transaction-services';
import { transactionDetail, type Favourite } from '@/shared/flows';

/** The areas whose favourites are registered billers (a biller and a customer number). */
const BILL_AREAS = ['payment'];

function RegisteredBiller({ favourite }: { favourite: Favourite }) {
  const { t, i18n } = useTranslation(['bills', 'flows']);
  const tr = t as unknown as (k: string) => string;
  const flow = flowMetaById(favourite.flowId)!;
  const file = useFlowFile(flow.id);
  const detail = file && transactionDetail(file, favourite.form, i18n.language === 'en' ? 'en' : 'id');
  return (
    <ListItemButton
      component={Link}
      to={payFavouriteUrl(flow, favourite.id)}
      divider
      data-testid="registered-biller"
      data-favourite-id={favourite.id}
    >
      <ListItemText
        primary={favourite.name}
        secondary={[tr(flow.titleKey), detail].filter(Boolean).join(' · ')}
      />
      <ChevronRightIcon color="action" />
    </ListItemButton>
  );
}

/**
 * The customer's registered billers (favourites of bill payments: the biller and the customer number,
 * saved from a receipt). One tap looks the bill up and opens verify with it; the second verifies.
 * `hideWhenNone`: said nothing at all when there are none (the payment chooser).
 */
export function RegisteredBillers({ hideWhenNone = false }: { hideWhenNone?: boolean }) {
  const { t } = useTranslation('bills');
  const [registered, setRegistered] = useState<Favourite[]>();
  useEffect(() => {
    let live = true;
    listFavourites().then(
      (list) =>
        live && setRegistered(list.filter((f) => BILL_AREAS.includes(flowMetaById(f.flowId)?.area ?? ''))),
      () => live && setRegistered([]), // the billers still work without them
    );
    return () => {
      live = false;
    };
  }, []);
  if (hideWhenNone && !registered?.length) return null;
  return (
    <Paper variant="outlined" sx={{ my: 2 }} data-testid="registered-billers">
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2, fontWeight: 700 }}>
        {t('oneTime.registered')}
      </Typography>
      {registered && registered.length === 0 && (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {t('oneTime.noneRegistered')}
        </Typography>
      )}
      <List disablePadding>
        {registered?.map((f) => (
          <RegisteredBiller key={f.id} favourite={f} />
        ))}
      </List>
    </Paper>
  );
}
