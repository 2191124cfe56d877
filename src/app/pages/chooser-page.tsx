import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FlowMenuEntry } from '@/engine/index';
import { useFeatureGate, type FeatureRequirement } from '@/shared/ui/feature-gate';
import { useCustomer } from '@/shared/ui/session-context';

/** A menu entry may say what it needs ('casa' for flows debiting a savings/current account). */
type GatedEntry = FlowMenuEntry & { requires?: FeatureRequirement };

/**
 * An area's base page (/transfer/, /payment/, /donation/, ... CHOOSER_AREAS): the area's flows, from
 * the flow files' menu entries.
 * Credit-card-only customers get the open-account pop-up, supplementary holders the branch notice.
 */
export function ChooserPage({ area, entries }: { area: string; entries: readonly GatedEntry[] }) {
  const { t } = useTranslation('shell');
  const tr = t as unknown as (k: string) => string;
  const gate = useFeatureGate(useCustomer());
  const items = entries.filter((e) => e.area === area).sort((a, b) => a.order - b.order);
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {tr(`areas.${area}`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('chooser.subtitle')}
      </Typography>
      <Paper variant="outlined" data-testid={`chooser-${area}`}>
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
      {gate.dialogs}
    </>
  );
}
