import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { flowMenuEntries, type FlowMenuEntry } from '@/engine/index';
import { useFeatureGate } from '@/shared/ui/feature-gate';
import { useCustomer } from '@/shared/ui/session-context';

type Group = 'bank' | 'otherBank' | 'abroad' | 'more';

/** Where each transfer type sits on the page (the types themselves come from the flow files). */
const GROUP_OF: Record<string, Group> = {
  'transfer.own': 'bank',
  'transfer.samebank': 'bank',
  'transfer.mobilenumber': 'bank',
  'transfer.online': 'otherBank',
  'transfer.bifast': 'otherBank',
  'transfer.skn': 'otherBank',
  'transfer.rtgs': 'otherBank',
  'transfer.swift-foreign': 'abroad',
  'transfer.swift-rupiah': 'abroad',
};
const GROUPS: readonly Group[] = ['bank', 'otherBank', 'abroad', 'more'];

/** Pages of the transfer area that are not a single transfer. */
const PAGES: readonly { path: string; key: string }[] = [
  { path: '/mytransaction/', key: 'scheduled' },
  { path: '/transfer/manage-underlaying-document/', key: 'documents' },
  { path: '/bi-fast/', key: 'requestForPayment' },
];

/**
 * /transfer/transfer-category/: every type of transfer the customer can make, by where the money
 * goes, with a line saying what each is; then the area's other pages.
 */
export function CategoryPage() {
  const { t } = useTranslation('transfer');
  const tr = t as unknown as (k: string) => string;
  const gate = useFeatureGate(useCustomer());
  const entries = flowMenuEntries.filter((e) => e.area === 'transfer').sort((a, b) => a.order - b.order);
  const groupOf = (e: FlowMenuEntry): Group => GROUP_OF[e.flowId] ?? 'more';
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('category.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('category.intro')}
      </Typography>
      {GROUPS.map((g) => {
        const items = entries.filter((e) => groupOf(e) === g);
        const pages = g === 'more' ? PAGES : [];
        if (!items.length && !pages.length) return null;
        return (
          <Paper key={g} variant="outlined" sx={{ mb: 2 }} data-testid={`category-${g}`}>
            <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, fontWeight: 700 }}>
              {t(`category.groups.${g}`)}
            </Typography>
            <List disablePadding>
              {items.map((e) => (
                <ListItemButton
                  key={e.flowId}
                  component={Link}
                  to={e.path}
                  divider
                  data-testid={`category-item-${e.flowId}`}
                  onClick={(ev: React.MouseEvent) => {
                    if (!gate.check(e.requires)) ev.preventDefault();
                  }}
                >
                  <ListItemText
                    primary={tr(e.labelKey)}
                    secondary={e.descriptionKey ? tr(e.descriptionKey) : undefined}
                  />
                  <ChevronRightIcon color="action" />
                </ListItemButton>
              ))}
              {pages.map((p) => (
                <ListItemButton key={p.path} component={Link} to={p.path} divider>
                  <ListItemText
                    primary={t(`category.pages.${p.key}.label`)}
                    secondary={t(`category.pages.${p.key}.description`)}
                  />
                  <ChevronRightIcon color="action" />
                </ListItemButton>
              ))}
            </List>
          </Paper>
        );
      })}
      {gate.dialogs}
    </>
  );
}
