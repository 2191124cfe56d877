import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FlowMenuEntry } from '@/engine/index';
import { apiPost } from '@/shared/api/client';
import { useFeatureGate, type FeatureRequirement } from '@/shared/ui/feature-gate';
import { useCustomer } from '@/shared/ui/session-context';
import { RegisteredBillers } from '@/features/bills/registered-billers';

interface Recipient {
  accountNo: string;
  name: string;
  favoriteId?: string;
}

const SAME_BANK = '/transfer/inquiry/?type=same-bank';

/** "800123456837" -> "8001 2345 6837", as the transfer form writes account numbers. */
const grouped = (no: string) => no.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Saved and recent recipients of same-bank transfers: one tap opens the form filled in for them. */
function Recipients() {
  const { t } = useTranslation('shell');
  const tr = t as unknown as (k: string) => string;
  const [list, setList] = useState<{ saved: Recipient[]; recent: Recipient[] }>();
  useEffect(() => {
    const ctrl = new AbortController();
    apiPost<{ saved: Recipient[]; recent: Recipient[] }>(
      '/api/transfer/v1/recipients',
      {},
      { signal: ctrl.signal },
    ).then(
      setList,
      () => undefined, // the menu above still works without them
    );
    return () => ctrl.abort();
  }, []);
  if (!list || (!list.saved.length && !list.recent.length)) return null;
  const group = (key: 'saved' | 'recent', items: Recipient[]) =>
    items.length > 0 && (
      <>
        <Typography variant="subtitle2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
          {tr(`recipients.${key}`)}
        </Typography>
        <List disablePadding data-testid={`recipients-${key}`}>
          {items.map((r) => (
            <ListItemButton
              key={`${key}-${r.favoriteId ?? r.accountNo}`}
              component={Link}
              to={
                r.favoriteId
                  ? `${SAME_BANK}&favorite=${encodeURIComponent(r.favoriteId)}`
                  : `${SAME_BANK}&to=${encodeURIComponent(r.accountNo)}`
              }
              divider
            >
              <ListItemText primary={r.name} secondary={grouped(r.accountNo)} />
              <ChevronRightIcon color="action" />
            </ListItemButton>
          ))}
        </List>
      </>
    );
  return (
    <Paper variant="outlined" sx={{ mt: 2 }} data-testid="recipients">
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2, fontWeight: 700 }}>
        {tr('recipients.title')}
      </Typography>
      {group('saved', list.saved)}
      {group('recent', list.recent)}
    </Paper>
  );
}

/** A menu entry may say what it needs ('casa' for flows debiting a savings/current account). */
type GatedEntry = FlowMenuEntry & { requires?: FeatureRequirement };

/**
 * An area's base page (/transfer/, /payment/, /donation/, ... CHOOSER_AREAS): the area's flows, from
 * the flow files' menu entries. Or, with `route`, the base of a route several flows share
 * (/payment/credit-card/): those flows only, under their area's title.
 * Credit-card-only customers get the open-account pop-up, supplementary holders the branch notice.
 */
export function ChooserPage(
  props: { entries: readonly GatedEntry[] } & ({ area: string } | { route: string }),
) {
  const { t } = useTranslation('shell');
  const tr = t as unknown as (k: string) => string;
  const customer = useCustomer();
  const gate = useFeatureGate(customer);
  const route = 'route' in props ? props.route : undefined;
  const items = props.entries
    .filter('route' in props ? (e) => e.path.startsWith(props.route) : (e) => e.area === props.area)
    .sort((a, b) => a.order - b.order);
  const area = 'area' in props ? props.area : (items[0]?.area ?? props.route.split('/')[1]!);
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {tr(`areas.${area}`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('chooser.subtitle')}
      </Typography>
      <Paper variant="outlined" data-testid={route ? 'route-chooser' : `chooser-${area}`}>
        {items.length === 0 ? (
          <Typography sx={{ p: 3 }}>{t('chooser.empty')}</Typography>
        ) : (
          <List disablePadding>
            {items.map((e) => (
              <ListItemButton
                key={e.flowId}
                component={Link}
                to={e.path}
                divider
                data-testid={`chooser-item-${e.flowId}`}
                onClick={(ev: React.MouseEvent) => {
                  if (!gate.check(e.requires)) ev.preventDefault();
                }}
              >
                <ListItemText primary={tr(e.labelKey)} />
                <ChevronRightIcon color="action" />
              </ListItemButton>
            ))}
          </List>
        )}
      </Paper>
      {!route && area === 'transfer' && customer?.hasCasa !== false && <Recipients />}
      {!route && area === 'payment' && customer?.hasCasa !== false && <RegisteredBillers hideWhenNone />}
      {gate.dialogs}
    </>
  );
}
